import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { centsToPrice } from '#shared/format';
import type { MessageKey, MessageValues } from '#shared/i18n/messages';
import { translate } from '#shared/i18n/translate';
import type { Purchase } from '#shared/schemas/purchases';
import { longDay, usd } from './document-format';
import type { Mailer } from './mailer';
import { recipientLocale } from './recipient-locale';
import { REFUND_WINDOW_MS } from './refund-rules';
import { sqlRows } from './sql-rows';

/*
 * A buyer's purchases: the payments the ledger counted as a sale (migration 0025), with their
 * refunds. A payment that came straight back (a course already owned, a coupon used up) was never a
 * purchase and is not one here. Shared by the purchases routes, checkout and refunds (their mails).
 */

export type PurchaseRow = {
  id: string;
  status: 'succeeded' | 'refund_pending' | 'refunded';
  amountCents: number;
  listPriceCents: number | null;
  courseId: string;
  courseTitle: string;
  couponCode: string | null;
  provider: 'stripe' | 'test';
  paidAt: Date;
  refundedAt: Date | null;
  buyerId: string;
  buyerName: string;
  buyerEmail: string;
  /** The buyer's saved language, which their receipts are written in. */
  buyerLocale: string | null;
};

/** The purchases of `where` (over payments p, users b), newest first. */
export function selectPurchases(db: DbOrTx, where: SQL, limit: number): Promise<PurchaseRow[]> {
  return sqlRows<PurchaseRow>(
    db,
    sql`SELECT p.id, p.status, p.amount_cents AS "amountCents", p.list_price_cents AS "listPriceCents",
        c.id AS "courseId", c.title AS "courseTitle", cp.code AS "couponCode", p.provider,
        sale.created_at AS "paidAt", refund.created_at AS "refundedAt",
        b.id AS "buyerId", b.name AS "buyerName", b.email AS "buyerEmail", b.locale AS "buyerLocale"
      FROM payments p
      JOIN courses c ON c.id = p.course_id
      JOIN users b ON b.id = p.user_id
      LEFT JOIN coupons cp ON cp.id = p.coupon_id
      JOIN LATERAL (SELECT created_at FROM ledger_entries
        WHERE payment_id = p.id AND kind = 'sale' AND account = 'cash' LIMIT 1) sale ON true
      LEFT JOIN LATERAL (SELECT created_at FROM ledger_entries
        WHERE payment_id = p.id AND kind = 'refund' AND account = 'cash' LIMIT 1) refund ON true
      WHERE ${where}
      ORDER BY sale.created_at DESC, p.id DESC
      LIMIT ${limit}`,
  );
}

export async function findPurchase(db: DbOrTx, paymentId: string): Promise<PurchaseRow | null> {
  return (await selectPurchases(db, sql`p.id = ${paymentId}`, 1))[0] ?? null;
}

const at = (value: Date | string) => new Date(value);

/** A purchase as its buyer reads it (GET /api/purchases). */
export function toPurchaseJson(row: PurchaseRow, now: number): Purchase {
  const price = row.listPriceCents ?? row.amountCents;
  const paidAt = at(row.paidAt);
  const windowEnd = paidAt.getTime() + REFUND_WINDOW_MS;
  return {
    id: row.id,
    course: { id: row.courseId, title: row.courseTitle },
    status: row.status === 'succeeded' ? 'paid' : row.status,
    price: centsToPrice(price),
    discount: centsToPrice(Math.max(0, price - row.amountCents)),
    amount: centsToPrice(row.amountCents),
    couponCode: row.couponCode,
    paidAt: paidAt.toISOString(),
    refundedAt: row.refundedAt ? at(row.refundedAt).toISOString() : null,
    refundableUntil: row.status === 'succeeded' && now <= windowEnd ? new Date(windowEnd).toISOString() : null,
    receiptUrl: `/api/purchases/${row.id}/receipt`,
  };
}

/**
 * Mails the buyer a receipt for a purchase or for its refund (issue 24 §5), through the app's mailer
 * (SMTP, or the outbox without it). Run by the job queued with the sale or the refund (ADR 0037): a
 * mail that cannot be sent throws, and the job is tried again.
 */
export async function sendReceiptMail({
  db,
  mailer,
  publicUrl,
  paymentId,
  kind,
}: {
  db: DbOrTx;
  mailer: Mailer;
  publicUrl: string;
  paymentId: string;
  kind: 'purchase' | 'refund';
}): Promise<void> {
  const row = await findPurchase(db, paymentId);
  if (!row) return;
  const locale = recipientLocale(row.buyerLocale);
  const price = row.listPriceCents ?? row.amountCents;
  const purchases = `${publicUrl}/purchases`;
  const say = (key: MessageKey, values?: MessageValues) => translate(locale, key, values);
  const course = row.courseTitle;
  const discount = usd(row.amountCents - price, locale);
  const lines =
    kind === 'purchase'
      ? [
          say('mail.greeting', { name: row.buyerName }),
          '',
          say('mail.receiptThanks', { course, date: longDay(row.paidAt, locale) }),
          '',
          say('mail.receiptPrice', { amount: usd(price, locale) }),
          ...(price > row.amountCents
            ? [
                row.couponCode
                  ? say('mail.receiptDiscountCode', { code: row.couponCode, amount: discount })
                  : say('mail.receiptDiscount', { amount: discount }),
              ]
            : []),
          say('mail.receiptPaid', { amount: usd(row.amountCents, locale) }),
          say('mail.receiptNumber', { id: row.id }),
          '',
          say('mail.receiptLinks', { url: purchases }),
        ]
      : [
          say('mail.greeting', { name: row.buyerName }),
          '',
          say('mail.refundDone', { amount: usd(row.amountCents, locale), course }),
          say('mail.refundBanks'),
          say('mail.receiptNumber', { id: row.id }),
          '',
          say('mail.refundLinks', { url: purchases }),
        ];
  await mailer.send({
    to: row.buyerEmail,
    subject: kind === 'purchase' ? say('mail.receiptSubject', { course }) : say('mail.refundSubject', { course }),
    text: lines.join('\n'),
  });
}
