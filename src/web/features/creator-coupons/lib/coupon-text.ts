import { formatCount, formatDay, formatPrice } from '#shared/format';
import type { Coupon } from '#shared/schemas/coupons';

/** "25 % off" or "$5.00 off". */
export function describeDiscount(coupon: Pick<Coupon, 'percentOff' | 'amountOff'>): string {
  if (coupon.percentOff !== null) return `${coupon.percentOff} % off`;
  return `${formatPrice(coupon.amountOff ?? 0)} off`;
}

/** "3 / 10" against a limit, "3 used" without one. */
export function describeUses(coupon: Pick<Coupon, 'redemptions' | 'maxRedemptions'>): string {
  if (coupon.maxRedemptions === null) return `${formatCount(coupon.redemptions)} used`;
  return `${formatCount(coupon.redemptions)} / ${formatCount(coupon.maxRedemptions)}`;
}

export type Expiry = { isExpired: boolean; text: string };

/** The day is shown in UTC: the form sends the end of the chosen day in UTC, so the same day comes back. */
export function describeExpiry(expiresAt: string | null, now = Date.now()): Expiry {
  if (expiresAt === null) return { isExpired: false, text: 'No expiry' };
  const end = new Date(expiresAt);
  if (end.getTime() <= now) return { isExpired: true, text: 'Expired' };
  return { isExpired: false, text: `Expires ${formatDay(end, { utc: true })}` };
}
