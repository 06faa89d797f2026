import type { Coupon } from '#shared/schemas/coupons';
import { formatCount, formatDay, formatPrice } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';

/** "25 % off" or "$5.00 off". */
export function describeDiscount(coupon: Pick<Coupon, 'percentOff' | 'amountOff'>): string {
  if (coupon.percentOff !== null) return t('coupons.percentOff', { percent: formatCount(coupon.percentOff) });
  return t('coupons.amountOff', { amount: formatPrice(coupon.amountOff ?? 0) });
}

/** "3 / 10" against a limit, "3 used" without one. */
export function describeUses(coupon: Pick<Coupon, 'redemptions' | 'maxRedemptions'>): string {
  if (coupon.maxRedemptions === null) return t('coupons.used', { count: coupon.redemptions });
  return t('coupons.usedOfMax', { used: formatCount(coupon.redemptions), max: formatCount(coupon.maxRedemptions) });
}

export type Expiry = { isExpired: boolean; text: string };

/** The day is shown in UTC: the form sends the end of the chosen day in UTC, so the same day comes back. */
export function describeExpiry(expiresAt: string | null, now = Date.now()): Expiry {
  if (expiresAt === null) return { isExpired: false, text: t('coupons.noExpiry') };
  const end = new Date(expiresAt);
  if (end.getTime() <= now) return { isExpired: true, text: t('coupons.expired') };
  return { isExpired: false, text: t('coupons.expires', { day: formatDay(end, { utc: true }) }) };
}
