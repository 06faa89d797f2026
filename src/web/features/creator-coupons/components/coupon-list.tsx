import { TicketPercent } from 'lucide-react';
import { type RefObject, useState } from 'react';
import type { Coupon } from '#shared/schemas/coupons';
import { EmptyState } from '#web/components/empty-state';
import { RegionError } from '#web/components/errors/region-error';
import { MoreItems } from '#web/components/more-items';
import { Skeleton } from '#web/components/ui/skeleton';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { useDeleteCoupon } from '../api/delete-coupon';
import { useCoupons } from '../api/get-coupons';
import { CouponTable } from './coupon-table';

function CouponListSkeleton() {
  return (
    <div role="status" aria-label="Loading your coupons" className="grid gap-3">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-14 rounded-xl" />
      ))}
    </div>
  );
}

function EmptyCoupons() {
  return (
    <EmptyState icon={TicketPercent} title="No coupons yet">
      <p className="max-w-md text-sm text-muted-foreground">
        A coupon is a code buyers type at checkout to get a percentage or an amount off one of your courses: for a launch, a
        newsletter or a workshop group.
      </p>
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
        toast({ variant: 'success', title: 'Coupon deleted', description: `${coupon.code} no longer works at checkout.` });
        headingRef.current?.focus();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not delete the coupon',
          description: getErrorMessage(error, 'Check your connection and try again.'),
        }),
      onSettled: () => setDeletingId(null),
    });
  };

  if (list.isPending) return <CouponListSkeleton />;
  if (list.isError) {
    return (
      <RegionError
        title="Your coupons could not be loaded"
        description="Check your connection and try again."
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
