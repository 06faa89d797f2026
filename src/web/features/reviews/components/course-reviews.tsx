import { Flag, MessageSquareReply, Star, ThumbsUp } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { REVIEW_BODY_MAX, type Review, type ReviewSort, type ReviewSummary } from '#shared/schemas/reviews';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth';
import { formatCount, formatDay } from '#web/lib/i18n/format';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { withReturnPath } from '#web/lib/return-path';
import { cn } from '#web/lib/utils';
import {
  useDeleteReview,
  useHelpfulVote,
  useReplyToReview,
  useReportReview,
  useReviewsPage,
  useSaveReview,
} from '../api/reviews';

const TEXTAREA =
  'min-h-24 w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none md:text-sm';

type Viewer = { isSignedIn: boolean; isOwner: boolean };

/**
 * A course's ratings and reviews (issue 23): the summary with its distribution, the caller's own
 * review form when they may write one, and the reviews page by page, newest or most helpful first.
 * Loaded after the page's first paint: it sits below the fold.
 */
export function CourseReviews({ courseId, isOwner }: { courseId: string; isOwner: boolean }) {
  const isSignedIn = useAuth().user !== null;
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const first = useReviewsPage(courseId, sort, null);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="grid gap-6">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight">
        {t('reviews.heading')}
      </h2>
      {first.isPending ? (
        <p className="text-muted-foreground">{t('reviews.loading')}</p>
      ) : first.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border p-4">
          <p className="text-sm">{getErrorMessage(first.error, t('reviews.loadError'))}</p>
          <Button variant="outline" size="sm" onClick={() => first.refetch()}>
            {t('reviews.tryAgain')}
          </Button>
        </div>
      ) : (
        <>
          <RatingSummary summary={first.data.summary} />
          {first.data.canReview || first.data.mine ? <ReviewForm courseId={courseId} mine={first.data.mine} /> : null}
          {first.data.summary.count === 0 ? (
            <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">
              {first.data.canReview && !first.data.mine ? t('reviews.noneYetBeFirst') : t('reviews.noneYet')}
            </p>
          ) : (
            <>
              <label className="flex items-center gap-2 justify-self-start text-sm">
                <span className="text-muted-foreground">{t('reviews.sortBy')}</span>
                <select
                  value={sort}
                  onChange={(event) => {
                    setSort(event.target.value as ReviewSort);
                    setCursors([null]);
                  }}
                  className="h-9 rounded-md border border-input bg-background px-2 text-sm"
                >
                  <option value="newest">{t('reviews.newest')}</option>
                  <option value="helpful">{t('reviews.mostHelpful')}</option>
                </select>
              </label>
              <ol className="grid gap-4" aria-label={t('reviews.list')}>
                {cursors.map((cursor, index) => (
                  <ReviewPage
                    key={cursor ?? 'first'}
                    courseId={courseId}
                    sort={sort}
                    cursor={cursor}
                    viewer={{ isSignedIn, isOwner }}
                    onMore={index === cursors.length - 1 ? (next) => setCursors((all) => [...all, next]) : undefined}
                  />
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </section>
  );
}

function ReviewPage({
  courseId,
  sort,
  cursor,
  viewer,
  onMore,
}: {
  courseId: string;
  sort: ReviewSort;
  cursor: string | null;
  viewer: Viewer;
  onMore: ((cursor: string) => void) | undefined;
}) {
  const page = useReviewsPage(courseId, sort, cursor);
  if (page.isPending) return <li className="text-muted-foreground">{t('reviews.loading')}</li>;
  if (page.isError) {
    return (
      <li role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        {getErrorMessage(page.error, t('reviews.moreError'))}
        <Button variant="outline" size="sm" onClick={() => page.refetch()}>
          {t('reviews.tryAgain')}
        </Button>
      </li>
    );
  }
  const { items, nextCursor, mine } = page.data;
  return (
    <>
      {items.map((review) => (
        <ReviewItem key={review.id} courseId={courseId} review={review} viewer={viewer} isMine={review.id === mine?.id} />
      ))}
      {nextCursor && onMore ? (
        <li>
          <Button variant="outline" onClick={() => onMore(nextCursor)}>
            {t('reviews.showMore')}
          </Button>
        </li>
      ) : null}
    </>
  );
}

/**
 * A rating as five stars, to the nearest half: 4.5 draws four full stars and a half one, 4.2 four.
 * A half star is a full one clipped to its starting half (the left one, the right one right to left) over an empty one.
 */
function Stars({ rating, className }: { rating: number; className?: string }) {
  const halves = Math.round(rating * 2);
  return (
    <span className={cn('flex items-center gap-0.5', className)} role="img" aria-label={t('reviews.ratedOutOfFive', { rating })}>
      {[1, 2, 3, 4, 5].map((star) => {
        const filled = halves >= star * 2 ? 'full' : halves === star * 2 - 1 ? 'half' : 'empty';
        return (
          <span key={star} className="relative inline-flex size-4 shrink-0" data-star={filled}>
            <Star className="size-4 text-muted-foreground/40" aria-hidden="true" />
            {filled === 'empty' ? null : (
              <span className={cn('absolute inset-y-0 start-0 overflow-hidden', filled === 'half' ? 'w-1/2' : 'w-full')}>
                <Star className="size-4 max-w-none fill-star text-star" aria-hidden="true" />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}

function RatingSummary({ summary }: { summary: ReviewSummary }) {
  if (summary.count === 0 || summary.average === null) return null;
  return (
    <div className="grid gap-6 rounded-2xl border bg-card p-6 sm:grid-cols-[auto_1fr] sm:items-center">
      <div className="grid justify-items-center gap-1">
        <p className="text-5xl font-extrabold tracking-tight">{summary.average.toFixed(1)}</p>
        <Stars rating={summary.average} />
        <p className="text-sm text-muted-foreground">
          {t('reviews.ratingCount', { count: summary.count, formatted: formatCount(summary.count) })}
        </p>
      </div>
      <ul className="grid gap-2" aria-label={t('reviews.distribution')}>
        {(['5', '4', '3', '2', '1'] as const).map((stars) => {
          const share = Math.round((summary.distribution[stars] / summary.count) * 100);
          return (
            <li key={stars} className="grid grid-cols-[4rem_1fr_3rem] items-center gap-3 text-sm">
              <span>{t('reviews.stars', { count: Number(stars) })}</span>
              <span className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <span className="block h-full rounded-full bg-star" style={{ width: `${share}%` }} />
              </span>
              <span className="text-end text-muted-foreground">{t('reviews.share', { share })}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReviewForm({ courseId, mine }: { courseId: string; mine: Review | null }) {
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [body, setBody] = useState(mine?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveReview(courseId);
  const remove = useDeleteReview(courseId);
  const bodyId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setError(t('reviews.chooseRating'));
      return;
    }
    setError(null);
    save.mutate(
      { rating, body },
      {
        onSuccess: () => toast({ title: mine ? t('reviews.updated') : t('reviews.thanks') }),
        onError: (failure) => setError(getErrorMessage(failure, t('reviews.saveError'))),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4 rounded-2xl border bg-card p-6" aria-describedby={error ? errorId : undefined}>
      <h3 className="text-lg font-semibold">{mine ? t('reviews.yourReview') : t('reviews.rateThisCourse')}</h3>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('reviews.yourRating')}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((star) => (
            <label
              key={star}
              className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name="rating"
                value={star}
                checked={rating === star}
                onChange={() => setRating(star)}
                className="sr-only"
              />
              <Star
                className={cn('size-7', star <= rating ? 'fill-star text-star' : 'text-muted-foreground')}
                aria-hidden="true"
              />
              <span className="sr-only">{t('reviews.stars', { count: star })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-2">
        <label htmlFor={bodyId} className="text-sm font-medium">
          {t('reviews.whatDidYouThink')}
        </label>
        <textarea
          id={bodyId}
          value={body}
          maxLength={REVIEW_BODY_MAX}
          onChange={(event) => setBody(event.target.value)}
          className={TEXTAREA}
          placeholder={t('reviews.bodyPlaceholder')}
        />
        <p className="text-end text-xs text-muted-foreground">
          {body.length} / {REVIEW_BODY_MAX}
        </p>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {mine ? t('reviews.update') : t('reviews.post')}
        </Button>
        {mine ? (
          <Button
            type="button"
            variant="outline"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  setRating(0);
                  setBody('');
                  toast({ title: t('reviews.deleted') });
                },
                onError: (failure) => setError(getErrorMessage(failure, t('reviews.deleteError'))),
              })
            }
          >
            {t('reviews.delete')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function ReviewItem({ courseId, review, viewer, isMine }: { courseId: string; review: Review; viewer: Viewer; isMine: boolean }) {
  const [isReplying, setReplying] = useState(false);
  const report = useReportReview();
  // Neither a review's author nor the course's creator votes on it (docs/product.md, Reviews).
  const canVote = !isMine && !viewer.isOwner;
  return (
    <li className="grid gap-3 rounded-2xl border bg-card p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="font-semibold break-words">{review.user.name}</p>
        <Stars rating={review.rating} />
        <time dateTime={review.createdAt} className="text-sm text-muted-foreground">
          {formatDay(new Date(review.createdAt))}
        </time>
        {isMine ? <span className="text-xs font-medium text-primary">{t('reviews.yourReview')}</span> : null}
      </div>
      {review.body ? <p className="break-words whitespace-pre-line">{review.body}</p> : null}
      {review.reply ? (
        <div className="rounded-xl bg-muted p-4 text-sm">
          <p className="mb-1 font-semibold">{t('reviews.instructorResponse')}</p>
          <p className="break-words whitespace-pre-line">{review.reply.body}</p>
        </div>
      ) : null}
      {viewer.isOwner && isReplying ? <ReplyForm courseId={courseId} review={review} onDone={() => setReplying(false)} /> : null}
      <div className="flex flex-wrap items-center gap-2">
        {canVote ? (
          <HelpfulButton courseId={courseId} review={review} isSignedIn={viewer.isSignedIn} />
        ) : review.helpfulCount > 0 ? (
          <p className="px-2 text-sm text-muted-foreground">
            {t('reviews.foundHelpful', { count: review.helpfulCount, formatted: formatCount(review.helpfulCount) })}
          </p>
        ) : null}
        {viewer.isOwner && !isReplying ? (
          <Button variant="ghost" size="sm" onClick={() => setReplying(true)}>
            <MessageSquareReply aria-hidden="true" />
            {review.reply ? t('reviews.editReply') : t('reviews.reply')}
          </Button>
        ) : null}
        {viewer.isSignedIn && !isMine ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={report.isPending || report.isSuccess}
            onClick={() =>
              report.mutate(review.id, {
                onSuccess: () => toast({ title: t('reviews.reportThanks'), description: t('reviews.reportLook') }),
                onError: (failure) =>
                  toast({
                    variant: 'destructive',
                    title: t('reviews.notReported'),
                    description: getErrorMessage(failure, t('reviews.tryAgainLater')),
                  }),
              })
            }
          >
            <Flag aria-hidden="true" />
            {report.isSuccess ? t('reviews.reported') : t('reviews.report')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** "Helpful (n)", pressed once the viewer voted; a guest is asked to log in first. */
function HelpfulButton({ courseId, review, isSignedIn }: { courseId: string; review: Review; isSignedIn: boolean }) {
  const vote = useHelpfulVote(courseId);
  const [isLoginAsked, setLoginAsked] = useState(false);
  const { pathname } = useLocation();
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={review.votedHelpful}
        disabled={vote.isPending}
        className="aria-pressed:bg-secondary aria-pressed:text-secondary-foreground"
        onClick={() => {
          if (!isSignedIn) {
            setLoginAsked(true);
            return;
          }
          vote.mutate(
            { reviewId: review.id, isHelpful: !review.votedHelpful },
            {
              onError: (failure) =>
                toast({
                  variant: 'destructive',
                  title: t('reviews.voteNotSaved'),
                  description: getErrorMessage(failure, t('reviews.tryAgainLater')),
                }),
            },
          );
        }}
      >
        <ThumbsUp aria-hidden="true" className={review.votedHelpful ? 'fill-current' : undefined} />
        {t('reviews.helpful', { count: review.helpfulCount })}
      </Button>
      {isLoginAsked ? (
        <p role="status" className="text-sm text-muted-foreground">
          <RichText
            text={t('reviews.logInToVote')}
            tags={{
              link: (words) => (
                <Link to={withReturnPath(paths.login.getHref(), pathname)} className="font-medium text-primary underline">
                  {words}
                </Link>
              ),
            }}
          />
        </p>
      ) : null}
    </>
  );
}

function ReplyForm({ courseId, review, onDone }: { courseId: string; review: Review; onDone: () => void }) {
  const [body, setBody] = useState(review.reply?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyToReview(courseId);
  const id = useId();
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        reply.mutate(
          { reviewId: review.id, body },
          { onSuccess: onDone, onError: (failure) => setError(getErrorMessage(failure, t('reviews.replySaveError'))) },
        );
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {t('reviews.replyTo', { name: review.user.name })}
      </label>
      <textarea
        id={id}
        value={body}
        maxLength={REVIEW_BODY_MAX}
        onChange={(event) => setBody(event.target.value)}
        className={TEXTAREA}
      />
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={reply.isPending || body.trim() === ''}>
          {t('reviews.postReply')}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          {t('reviews.cancel')}
        </Button>
      </div>
    </form>
  );
}

export default CourseReviews;
