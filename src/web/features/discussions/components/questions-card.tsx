import { ChevronRight, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '#web/components/ui/card';
import { formatCount } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { useUnansweredCount } from '../api/creator-threads';

/** The dashboard's way into the inbox: how many questions wait for the creator's answer. */
export function QuestionsCard() {
  const count = useUnansweredCount();
  return (
    <Card className="mb-10 p-0">
      <Link
        to={paths.creator.questions.getHref()}
        className="flex items-center gap-4 rounded-[inherit] p-4 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:p-5"
      >
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary dark:bg-primary/20"
          aria-hidden="true"
        >
          <MessagesSquare className="size-5" />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="font-semibold">{t('discussions.questions')}</span>
          <span className="text-sm text-muted-foreground">
            {count.isPending ? (
              <span aria-hidden="true" className="inline-block h-4 w-32 animate-pulse rounded bg-muted align-middle" />
            ) : count.isError ? (
              t('discussions.studentsQuestions')
            ) : count.data === 0 ? (
              t('discussions.noUnanswered')
            ) : (
              t('discussions.unansweredCount', { count: formatCount(count.data) })
            )}
          </span>
        </span>
        <ChevronRight className="size-5 shrink-0 text-muted-foreground rtl:-scale-x-100" aria-hidden="true" />
      </Link>
    </Card>
  );
}
