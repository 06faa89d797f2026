import { Eye, EyeOff, Flag, MessageSquareWarning, Star } from 'lucide-react';
import { useState } from 'react';
import type { AdminReview } from '#shared/schemas/admin';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { formatCount } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { useReportedReviews, useSetReviewHidden } from '../api/reviews';
import { day } from '../lib/labels';
import { FilterBar, FilterSelect } from './filters';
import { PagedListView, Row, RowList } from './paged-list-view';

const stateOptions = () =>
  [
    { value: 'visible', label: t('admin.stillShown') },
    { value: 'hidden', label: t('admin.hidden') },
  ] as const;

/** Hiding is undone as easily (Show again), so it asks no confirmation. */
function HiddenToggle({ review }: { review: AdminReview }) {
  const toggle = useSetReviewHidden();
  const isHiding = !review.hidden;
  const who = { name: review.user.name, course: review.course.title };
  return (
    <Button
      variant={isHiding ? 'destructive' : 'outline'}
      size="sm"
      aria-label={isHiding ? t('admin.hideReview', who) : t('admin.showReview', who)}
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate(
          { reviewId: review.id, isHidden: isHiding },
          {
            onSuccess: () =>
              toast({
                variant: 'success',
                title: isHiding ? t('admin.reviewHidden') : t('admin.reviewShown'),
                description: isHiding ? t('admin.reviewHiddenText') : t('admin.reviewShownText'),
              }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: t('admin.didNotWork'),
                description: getErrorMessage(error, t('admin.checkConnection')),
              }),
          },
        )
      }
    >
      {toggle.isPending ? <Spinner /> : isHiding ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      {isHiding ? t('admin.hide') : t('admin.showAgain')}
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
        {t('admin.tabReviews')}
      </h2>
      <FilterBar>
        <FilterSelect label={t('admin.reviewState')} value={state} options={stateOptions()} onChange={setState} />
      </FilterBar>
      <PagedListView
        list={list}
        what="reported reviews"
        texts={{ loading: t('admin.reviewsLoading'), failed: t('admin.reviewsFailed') }}
        empty={{ icon: MessageSquareWarning, title: t('admin.noReviews'), text: t('admin.noReviewsText') }}
      >
        {(reviews) => (
          <RowList label={t('admin.tabReviews')}>
            {reviews.map((review) => (
              <Row key={review.id} actions={<HiddenToggle review={review} />}>
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <span
                    className="inline-flex items-center gap-1 font-medium"
                    role="img"
                    aria-label={t('admin.starsOutOf5', { rating: formatCount(review.rating) })}
                  >
                    {formatCount(review.rating)}
                    <Star className="size-4 fill-star text-star" aria-hidden="true" />
                  </span>
                  <span className="font-medium wrap-anywhere">{review.course.title}</span>
                  <Badge variant="warning">
                    <Flag aria-hidden="true" />
                    {t('admin.reportCount', { count: review.reportCount })}
                  </Badge>
                  {review.hidden ? <Badge variant="secondary">{t('admin.hidden')}</Badge> : null}
                </p>
                <p className="text-sm whitespace-pre-line wrap-anywhere">
                  {review.body || <span className="text-muted-foreground italic">{t('admin.ratingOnly')}</span>}
                </p>
                <p className="text-xs text-muted-foreground">
                  {t('admin.byName', { name: review.user.name })} · {day(review.createdAt)}
                </p>
              </Row>
            ))}
          </RowList>
        )}
      </PagedListView>
    </section>
  );
}
