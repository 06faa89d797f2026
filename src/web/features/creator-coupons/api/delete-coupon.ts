import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Coupon } from '#shared/schemas/coupons';
import { apiJson } from '#web/lib/api-client';
import { couponsQueryKey } from './get-coupons';

/** Stops the code for new checkouts; the server keeps it for the payments already made with it. */
export function deleteCoupon({ couponId }: { couponId: string }): Promise<void> {
  return apiJson<void>('DELETE', `/api/creator/coupons/${encodeURIComponent(couponId)}`);
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (coupon: Coupon) => deleteCoupon({ couponId: coupon.id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsQueryKey }),
  });
}
