import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Coupon, CreateCouponBody } from '#shared/schemas/coupons';
import { apiJson } from '#web/lib/api-client';
import { couponsQueryKey } from './get-coupons';

export function createCoupon(body: CreateCouponBody): Promise<Coupon> {
  return apiJson<Coupon>('POST', '/api/creator/coupons', body);
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsQueryKey }),
  });
}
