import { Eye, EyeOff, Flag, MessageSquareWarning, Star } from 'lucide-react';
import { useState } from 'react';
import { formatCount } from '#shared/format';
import type { AdminReview } from '#shared/schemas/admin';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { useReportedReviews, useSetReviewHidden } from '../api/reviews';
import { day } from '../lib/labels';
import { FilterBar, FilterSelect } from './filters';
import { PagedListView, Row, RowList } from './paged-list-view';

const STATE_OPTIONS = [
  { value: 'visible', label: 'Still shown' },
  { value: 'hidden', label: 'Hidden' },
] as const;

/** Hiding is undone as easily (Show again), so it asks no confirmation. */
function HiddenToggle({ review }: { review: AdminReview }) {
  const toggle = useSetReviewHidden();
  const isHiding = !review.hidden;
  const who = `${review.user.name}’s review of ${review.course.title}`;
  return (
    <Button
      variant={isHiding ? 'destructive' : 'outline'}
      size="sm"
      aria-label={`${isHiding ? 'Hide' : 'Show again'} ${who}`}
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate(
          { reviewId: review.id, isHidden: isHiding },
          {
            onSuccess: () =>
              toast({
                variant: 'success',
                title: isHiding ? 'Review hidden' : 'Review shown again',
                description: isHiding
                  ? 'It no longer shows or counts in the rating.'
                  : 'It shows and counts in the rating again.',
              }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'That did not work',
                description: getErrorMessage(error, 'Check your connection and try again.'),
              }),
          },
        )
      }
    >
      {toggle.isPending ? <Spinner /> : isHiding ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      {isHiding ? 'Hide' : 'Show again'}
    </Button>
  );
}

/** Reviews people reported, most reported first: read them, hide them, show them again. */
export function ReviewsSection() {
  const [state, setState] = useState<'visible' | 'hidden' | undefined>('visible');
  const list = useReportedReviews({ state });
  return (
    <section aria-labelledby="admin-reviews-heading">
      <h2 id="admin-reviews-heading" className="mb-4 text-xl font-semibold">
        Reported reviews
      </h2>
      <FilterBar>
        <FilterSelect label="Review state" value={state} options={STATE_OPTIONS} onChange={setState} />
      </FilterBar>
      <PagedListView
        list={list}
        what="reported reviews"
        empty={{ icon: MessageSquareWarning, title: 'No reported reviews', text: 'Reviews people report show here.' }}
      >
        {(reviews) => (
          <RowList label="Reported reviews">
            {reviews.map((review) => (
              <Row key={review.id} actions={<HiddenToggle review={review} />}>
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <span
                    className="inline-flex items-center gap-1 font-medium"
                    role="img"
                    aria-label={`${review.rating} out of 5 stars`}
                  >
                    {review.rating}
                    <Star className="size-4 fill-star text-star" aria-hidden="true" />
                  </span>
                  <span className="font-medium wrap-anywhere">{review.course.title}</span>
                  <Badge variant="warning">
                    <Flag aria-hidden="true" />
                    {formatCount(review.reportCount)} {review.reportCount === 1 ? 'report' : 'reports'}
                  </Badge>
                  {review.hidden ? <Badge variant="secondary">Hidden</Badge> : null}
                </p>
                <p className="text-sm whitespace-pre-line wrap-anywhere">
                  {review.body || <span className="text-muted-foreground italic">No text, a rating only.</span>}
                </p>
                <p className="text-xs text-muted-foreground">
                  by {review.user.name} · {day(review.createdAt)}
                </p>
              </Row>
            ))}
          </RowList>
        )}
      </PagedListView>
    </section>
  );
}
