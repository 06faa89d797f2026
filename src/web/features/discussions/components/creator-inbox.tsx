import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CreatorThread } from '#shared/schemas/discussions';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { useAuth } from '#web/lib/auth';
import { formatCount } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { getCreatorThreadsPage, useCreatorThreads, useUnansweredCount } from '../api/creator-threads';
import { useThreadList } from '../lib/use-thread-list';
import { threadElementId } from './thread-item';
import { ThreadList } from './thread-list';

/** Where a question was asked, linking to it under its slide. */
function AskedWhere({ thread }: { thread: CreatorThread }) {
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-muted-foreground">
      <BookOpen className="size-4 shrink-0" aria-hidden="true" />
      <span className="wrap-anywhere">{thread.course.title}</span>
      <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
        ›
      </span>
      <Link
        to={`${paths.course.learnItem.getHref(thread.course.id, thread.lesson.id)}#${threadElementId(thread.id)}`}
        className="font-medium text-primary underline-offset-4 wrap-anywhere hover:underline"
      >
        {thread.lesson.title}
      </Link>
    </p>
  );
}

/**
 * /creator/questions (docs/product.md, Lesson Q&A): the questions of all the creator's courses, those
 * without their answer first by default, each answered in place.
 */
export function CreatorInbox() {
  useDocumentTitle(t('discussions.questions'));
  const { user } = useAuth();
  const [isUnansweredOnly, setUnansweredOnly] = useState(true);
  const first = useCreatorThreads(isUnansweredOnly);
  const list = useThreadList<CreatorThread>(
    first,
    (cursor) => getCreatorThreadsPage({ isUnansweredOnly, cursor }),
    String(isUnansweredOnly),
  );
  const count = useUnansweredCount();
  const viewer = { id: user?.id ?? null, isAdmin: false, creatorIdOf: () => user?.id ?? null };

  return (
    <div className="grid max-w-3xl gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={isUnansweredOnly}
            onChange={(event) => setUnansweredOnly(event.target.checked)}
            className="size-4 accent-primary"
          />
          {t('discussions.unansweredOnly')}
        </label>
        {count.data === undefined ? null : (
          <p role="status" className="text-sm text-muted-foreground">
            {t('discussions.unansweredCount', { count: formatCount(count.data) })}
          </p>
        )}
      </div>
      <ThreadList
        list={list}
        viewer={viewer}
        label={t('discussions.inYourCourses')}
        isReplyFormOpen
        renderContext={(thread) => <AskedWhere thread={thread} />}
        empty={
          isUnansweredOnly
            ? { title: t('discussions.allCaughtUp'), text: t('discussions.allAnswered') }
            : { title: t('discussions.noQuestionsYet'), text: t('discussions.questionsShowHere') }
        }
      />
    </div>
  );
}
