import { MessagesSquare, Plus, TicketPercent, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { useAuth } from '#web/lib/auth';
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
  useDocumentTitle('Creator Dashboard');
  const { user } = useAuth();
  return (
    <CreatorPage>
      <PageHeader
        title="Creator Dashboard"
        description={user ? `Welcome back, ${user.name}. Build, publish and follow your courses.` : undefined}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={paths.creator.questions.getHref()}>
                <MessagesSquare aria-hidden="true" /> Questions
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.creator.coupons.getHref()}>
                <TicketPercent aria-hidden="true" /> Coupons
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.creator.earnings.getHref()}>
                <Wallet aria-hidden="true" /> Earnings
              </Link>
            </Button>
            <Button asChild variant="gradient">
              <Link to={paths.creator.createCourse.getHref()}>
                <Plus aria-hidden="true" /> Create Course
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
          My Courses
        </h2>
        <CourseList />
      </section>
      {profile}
    </CreatorPage>
  );
}
