import { CouponCodeSchema, type CreateCouponBody, MAX_REDEMPTIONS_LIMIT } from '#shared/schemas/coupons';
import { PriceInputSchema } from '#shared/schemas/creator';
import { formatCount } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';

export type DiscountKind = 'percent' | 'amount';

/** What the form holds, as typed. Field names are the request's, so the server's field errors land on them. */
export interface CouponFormValues {
  courseId: string;
  code: string;
  kind: DiscountKind;
  percentOff: string;
  amountOff: string;
  /** A day, `YYYY-MM-DD` as a date input gives it, or ''. */
  expiresAt: string;
  maxRedemptions: string;
}

export type CouponField = Exclude<keyof CouponFormValues, 'kind'>;
export type CouponFormErrors = Partial<Record<CouponField, string>>;

export const COUPON_FIELDS: readonly CouponField[] = [
  'courseId',
  'code',
  'percentOff',
  'amountOff',
  'expiresAt',
  'maxRedemptions',
];

export const emptyCouponForm = (courseId = ''): CouponFormValues => ({
  courseId,
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  expiresAt: '',
  maxRedemptions: '',
});

const WHOLE_NUMBER = /^\d+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The last moment of a day in UTC: a code "until Jan 31" works all of Jan 31 wherever the server is,
 * and the list shows the same day back (it formats expiry dates in UTC).
 */
export function endOfDayUtc(day: string): string {
  return `${day}T23:59:59.999Z`;
}

/** Today in the reader's calendar, `YYYY-MM-DD`, for the date input's `min`. */
export function todayLocal(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

type Discount = { percentOff: number } | { amountOff: string };
type Check<T> = { value: T; error?: never } | { value?: never; error: string };

function checkPercent(typed: string): Check<Discount> {
  const text = typed.trim();
  const percent = Number(text);
  if (!WHOLE_NUMBER.test(text) || percent < 1 || percent > 100) return { error: t('coupons.errorPercent') };
  return { value: { percentOff: percent } };
}

function checkAmount(typed: string): Check<Discount> {
  const text = typed.trim().replace(/^\$/, '');
  const cents = PriceInputSchema.safeParse(text);
  if (!text || !cents.success) return { error: t('coupons.errorAmount') };
  if (cents.data <= 0) return { error: t('coupons.errorAmountAboveZero') };
  return { value: { amountOff: text } };
}

/**
 * The checks the server makes, with messages a creator can act on, so most mistakes never leave the
 * page. Gives the request body, or a message per field.
 */
export function toCreateCouponBody(
  values: CouponFormValues,
  now = Date.now(),
): { body: CreateCouponBody; errors?: never } | { body?: never; errors: CouponFormErrors } {
  const errors: CouponFormErrors = {};
  if (!values.courseId) errors.courseId = t('coupons.errorChooseCourse');

  const code = CouponCodeSchema.safeParse(values.code);
  if (!values.code.trim()) errors.code = t('coupons.errorEnterCode');
  // Whatever the schema refuses (too long, a control character) breaks the one rule a creator reads.
  else if (!code.success) errors.code = t('coupons.errorCodePattern');

  const discount = values.kind === 'percent' ? checkPercent(values.percentOff) : checkAmount(values.amountOff);
  if (discount.error !== undefined) errors[values.kind === 'percent' ? 'percentOff' : 'amountOff'] = discount.error;

  let expiresAt: string | undefined;
  if (values.expiresAt) {
    const end = DAY.test(values.expiresAt) ? endOfDayUtc(values.expiresAt) : '';
    if (!end || Number.isNaN(Date.parse(end))) errors.expiresAt = t('coupons.errorEnterDate');
    else if (Date.parse(end) <= now) errors.expiresAt = t('coupons.errorDayOver');
    else expiresAt = end;
  }

  let maxRedemptions: number | undefined;
  const limit = values.maxRedemptions.trim();
  if (limit) {
    maxRedemptions = Number(limit);
    if (!WHOLE_NUMBER.test(limit) || maxRedemptions < 1 || maxRedemptions > MAX_REDEMPTIONS_LIMIT) {
      errors.maxRedemptions = t('coupons.errorLimit', { max: formatCount(MAX_REDEMPTIONS_LIMIT) });
    }
  }

  if (Object.keys(errors).length > 0 || !code.success || !discount.value) return { errors };
  return {
    body: {
      code: code.data,
      courseId: values.courseId,
      ...discount.value,
      ...(expiresAt ? { expiresAt } : {}),
      ...(maxRedemptions ? { maxRedemptions } : {}),
    },
  };
}
