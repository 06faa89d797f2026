import { MessagesSquare, Plus, TicketPercent, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { useAuth } from '#web/lib/auth';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { CourseList } from './course-list';
import { CreatorPage, PageHeader } from './creator-page';
import { MetricCards } from './metric-cards';
import { StorageMeter } from './storage-meter';

/**
 * `profile`: the instructor-page editor; `questions`: the card of the questions inbox. Both are other
 * features', composed by the route.
 */
export function CreatorDashboard({ profile, questions }: { profile?: ReactNode; questions?: ReactNode }) {
  useDocumentTitle(t('creator.dashboardTitle'));
  const { user } = useAuth();
  return (
    <CreatorPage>
      <PageHeader
        title={t('creator.dashboardTitle')}
        description={user ? t('creator.welcomeBack', { name: user.name }) : undefined}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={paths.creator.questions.getHref()}>
                <MessagesSquare aria-hidden="true" /> {t('creator.questions')}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.creator.coupons.getHref()}>
                <TicketPercent aria-hidden="true" /> {t('creator.coupons')}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.creator.earnings.getHref()}>
                <Wallet aria-hidden="true" /> {t('creator.earnings')}
              </Link>
            </Button>
            <Button asChild variant="gradient">
              <Link to={paths.creator.createCourse.getHref()}>
                <Plus aria-hidden="true" /> {t('creator.createCourse')}
              </Link>
            </Button>
          </>
        }
      />
      <MetricCards />
      {questions}
      <StorageMeter />
      <section aria-labelledby="creator-courses-title">
        <h2 id="creator-courses-title" className="mb-4 text-xl font-semibold">
          {t('creator.myCourses')}
        </h2>
        <CourseList />
      </section>
      {profile}
    </CreatorPage>
  );
}
