import { z } from 'zod';

/** Money in answers is a string with two decimals (docs/product.md, API conventions). */
const money = z.string();

/** A day of a report's range. PostgreSQL has no year 0, which the ISO format allows (a 500 before this check). */
export const reportDay = (name: 'from' | 'to', example: string) =>
  z.iso
    .date({ message: `${name} must be a date such as ${example}` })
    .refine((day) => day >= '0001-01-01', { message: `${name} must be a date such as ${example}` });

export const EarningsQuerySchema = z
  .object({
    from: reportDay('from', '2026-11-01').optional(),
    to: reportDay('to', '2026-11-30').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type EarningsQuery = z.infer<typeof EarningsQuerySchema>;

/** One course's or one month's figures: what buyers paid, what went back, the platform's fees kept, what the creator keeps (gross − refunds − fees). */
const FiguresSchema = z.object({ gross: money, fees: money, refunds: money, net: money, sales: z.number().int() });

export const EarningsSchema = z.object({
  currency: z.literal('usd'),
  gross: money,
  /** What the platform keeps: the fees of the sales, less those their refunds returned. */
  fees: money,
  /** Refunded to buyers. */
  refunds: money,
  /** gross − refunds − fees: what the creator keeps. */
  net: money,
  /** Net of sales past the 30-day refund window, less what was paid out: what can be paid now. */
  available: money,
  paidOut: money,
  byCourse: z.array(FiguresSchema.extend({ courseId: z.string(), title: z.string() })),
  /** Calendar months, UTC, newest first ("2026-11"). */
  byMonth: z.array(FiguresSchema.extend({ month: z.string() })),
});
export type Earnings = z.infer<typeof EarningsSchema>;
