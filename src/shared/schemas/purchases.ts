import { z } from 'zod';

/** What a buyer sees of a payment: paid, on its way back, or returned. */
export const purchaseStatuses = ['paid', 'refund_pending', 'refunded'] as const;

export const PurchaseSchema = z.object({
  id: z.string(),
  course: z.object({ id: z.string(), title: z.string() }),
  status: z.enum(purchaseStatuses),
  /** The course's price at the time, before a coupon; "0.00"-style strings like every amount. */
  price: z.string(),
  discount: z.string(),
  /** What was charged. */
  amount: z.string(),
  couponCode: z.string().nullable(),
  paidAt: z.string(),
  refundedAt: z.string().nullable(),
  /** Until when a refund can be asked (the 30-day window), while paid; the 30 % progress rule is checked on asking. */
  refundableUntil: z.string().nullable(),
  /** The PDF receipt. */
  receiptUrl: z.string(),
});
export type Purchase = z.infer<typeof PurchaseSchema>;

export const PurchaseListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export const PurchaseListSchema = z.object({ items: z.array(PurchaseSchema), nextCursor: z.string().nullable() });
export type PurchaseList = z.infer<typeof PurchaseListSchema>;
