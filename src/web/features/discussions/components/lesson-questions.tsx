import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { ThreadSort } from '#shared/schemas/discussions';
import { RegionErrorBoundary } from '#web/components/errors/region-error';
import { useCourse } from '#web/lib/api/get-course';
import { useAuth } from '#web/lib/auth';
import { t } from '#web/lib/i18n/t';
import { useAskQuestion } from '../api/ask-question';
import { getLessonThreadsPage, type LessonThreadFilters, useLessonThreads } from '../api/lesson-threads';
import { useThreadList } from '../lib/use-thread-list';
import { BodyForm } from './body-form';
import { threadElementId } from './thread-item';
import { ThreadList } from './thread-list';

const SELECT_CLASS =
  'h-9 rounded-lg border border-input bg-background px-2 text-base text-foreground shadow-xs md:text-sm ' +
  'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none';

/** How many pages a link to one question may load to find it. */
const DEEP_LINK_PAGES = 10;

const linkedThreadId = (hash: string) => (hash.startsWith('#thread-') ? decodeURIComponent(hash.slice('#thread-'.length)) : null);

/**
 * docs/product.md, Lesson Q&A: the questions under a slide, for its course's students and creator. Its
 * own chunk, loaded after Learn's first paint. `#thread-<id>` in the address scrolls to that question
 * and marks it.
 */
export function LessonQuestions({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const { user } = useAuth();
  const course = useCourse(courseId);
  const [filters, setFilters] = useState<LessonThreadFilters>({ sort: 'newest', isUnansweredOnly: false });
  const first = useLessonThreads(lessonId, filters);
  const list = useThreadList(
    first,
    (cursor) => getLessonThreadsPage({ lessonId, filters, cursor }),
    `${filters.sort}:${filters.isUnansweredOnly}`,
  );
  const ask = useAskQuestion(lessonId);
  const headingId = useId();
  const sortId = useId();
  const creatorId = course.data?.creatorId ?? null;
  const viewer = { id: user?.id ?? null, isAdmin: user?.role === 'admin', creatorIdOf: () => creatorId };

  const { hash } = useLocation();
  const linkedId = linkedThreadId(hash);
  const pagesLoaded = useRef(0);
  const isLinkedShown = linkedId !== null && list.items.some((thread) => thread.id === linkedId);
  // Once, when the linked question first shows.
  useEffect(() => {
    if (!isLinkedShown || linkedId === null) return;
    const element = document.getElementById(threadElementId(linkedId));
    element?.scrollIntoView({ block: 'start' });
    element?.focus({ preventScroll: true });
  }, [isLinkedShown, linkedId]);
  // An older question is on a later page: load pages until it shows, or there are none left.
  useEffect(() => {
    if (linkedId === null || isLinkedShown || list.isPending || list.isLoadingMore || list.moreError) return;
    if (!list.hasMore || pagesLoaded.current >= DEEP_LINK_PAGES) return;
    pagesLoaded.current += 1;
    list.showMore();
  });

  return (
    <section aria-labelledby={headingId} className="mt-10 grid max-w-3xl gap-5 border-t pt-8">
      <h2 id={headingId} className="text-xl font-bold tracking-tight">
        {t('discussions.questions')}
      </h2>
      <BodyForm
        label={t('discussions.askLabel')}
        submitLabel={t('discussions.postQuestion')}
        placeholder={t('discussions.askPlaceholder')}
        onSend={(body) => ask.mutateAsync(body)}
      />
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm text-muted-foreground">
            {t('discussions.sortBy')}
          </label>
          <select
            id={sortId}
            value={filters.sort}
            onChange={(event) => setFilters((current) => ({ ...current, sort: event.target.value as ThreadSort }))}
            className={SELECT_CLASS}
          >
            <option value="newest">{t('discussions.newest')}</option>
            <option value="top">{t('discussions.top')}</option>
          </select>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={filters.isUnansweredOnly}
            onChange={(event) => setFilters((current) => ({ ...current, isUnansweredOnly: event.target.checked }))}
            className="size-4 accent-primary"
          />
          {t('discussions.unansweredOnly')}
        </label>
      </div>
      <ThreadList
        list={list}
        viewer={viewer}
        label={t('discussions.aboutThisSlide')}
        highlightedId={linkedId}
        empty={
          filters.isUnansweredOnly
            ? { title: t('discussions.everyAnswered'), text: t('discussions.untickToSeeAll') }
            : { title: t('discussions.askFirst'), text: t('discussions.stuck') }
        }
      />
    </section>
  );
}

/** What Learn loads: the panel, a failure of which leaves the slide above it working. */
export default function LessonQuestionsRegion(props: { courseId: string; lessonId: string }) {
  return (
    <RegionErrorBoundary title={t('discussions.notShown')} resetKeys={[props.lessonId]}>
      <LessonQuestions {...props} />
    </RegionErrorBoundary>
  );
}
