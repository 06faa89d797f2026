import { TicketPercent } from 'lucide-react';
import { type RefObject, useState } from 'react';
import type { Coupon } from '#shared/schemas/coupons';
import { EmptyState } from '#web/components/empty-state';
import { RegionError } from '#web/components/errors/region-error';
import { MoreItems } from '#web/components/more-items';
import { Skeleton } from '#web/components/ui/skeleton';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { useDeleteCoupon } from '../api/delete-coupon';
import { useCoupons } from '../api/get-coupons';
import { CouponTable } from './coupon-table';

function CouponListSkeleton() {
  return (
    <div role="status" aria-label={t('coupons.loading')} className="grid gap-3">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-14 rounded-xl" />
      ))}
    </div>
  );
}

function EmptyCoupons() {
  return (
    <EmptyState icon={TicketPercent} title={t('coupons.noCoupons')}>
      <p className="max-w-md text-sm text-muted-foreground">{t('coupons.noCouponsHint')}</p>
    </EmptyState>
  );
}

/**
 * The creator's codes, newest first, a page at a time. `headingRef`: where focus goes when a deleted
 * row (and the button that had focus) disappears.
 */
export function CouponList({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  const list = useCoupons();
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const remove = useDeleteCoupon();

  const onDelete = (coupon: Coupon) => {
    setDeletingId(coupon.id);
    remove.mutate(coupon, {
      onSuccess: () => {
        toast({
          variant: 'success',
          title: t('coupons.deleted'),
          description: t('coupons.deletedDescription', { code: coupon.code }),
        });
        headingRef.current?.focus();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('coupons.deleteFailed'),
          description: getErrorMessage(error, t('coupons.checkConnection')),
        }),
      onSettled: () => setDeletingId(null),
    });
  };

  if (list.isPending) return <CouponListSkeleton />;
  if (list.isError) {
    return (
      <RegionError
        title={t('coupons.loadFailed')}
        description={t('coupons.checkConnection')}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (list.coupons.length === 0) return <EmptyCoupons />;
  return (
    <div className="grid gap-4">
      <CouponTable coupons={list.coupons} deletingId={deletingId} onDelete={onDelete} />
      <MoreItems
        what="coupons"
        hasMore={list.hasMore}
        isLoading={list.isLoadingMore}
        failed={Boolean(list.moreError)}
        onMore={list.showMore}
        onRetry={() => void list.retryMore()}
      />
    </div>
  );
}
