import type { Coupon, CreateSiteCouponBody } from '#shared/schemas/coupons';
import { apiJson } from '#web/lib/api-client';
import { useAdminAction } from './admin-action';
import { usePagedList } from './paged-list';

/** GET /api/admin/coupons: the live site-wide codes. */
export function useSiteCoupons() {
  return usePagedList<Coupon>('/api/admin/coupons', {});
}

export function createSiteCoupon(body: CreateSiteCouponBody): Promise<Coupon> {
  return apiJson<Coupon>('POST', '/api/admin/coupons', body);
}

export function useCreateSiteCoupon() {
  return useAdminAction(createSiteCoupon);
}

/** Stops a site-wide code at checkout; payments made with it keep their price. */
export function deleteSiteCoupon({ couponId }: { couponId: string }): Promise<void> {
  return apiJson<void>('DELETE', `/api/admin/coupons/${encodeURIComponent(couponId)}`);
}

export function useDeleteSiteCoupon() {
  return useAdminAction(deleteSiteCoupon);
}
