import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { centsToPrice } from '#shared/format';
import { sqlRows } from './sql-rows';

/*
 * What a creator's sales come to (ADR 0042): the one definition of gross, refunds, fees and net,
 * summed over the ledger (ledger_entries, migration 0025, ADR 0029). The Earnings page, the
 * dashboard's Total Revenue and This Month, each course's revenue and its analytics all read it here,
 * so the same money is the same figure everywhere.
 */

/** Sums of cents, as the database adds them in bigint. */
export type SalesSums = { gross: string; fees: string; refunds: string; net: string; sales: number };

/**
 * The figures of the ledger entries a query selects, as sums of cents: gross is cash in from sales,
 * refunds cash back out, fees what the platform keeps (the fees of sales less the fees refunds
 * returned), net the creator's share of both. Each transaction of the ledger sums to zero, so
 * gross − refunds − fees = net holds for any set of whole transactions: a course, a month, a range.
 */
export const SALES_FIGURES = sql`
  coalesce(sum(amount_cents) FILTER (WHERE kind = 'sale' AND account = 'cash'), 0)::text AS gross,
  coalesce(-sum(amount_cents) FILTER (WHERE kind IN ('sale', 'refund') AND account = 'platform_fees'), 0)::text AS fees,
  coalesce(-sum(amount_cents) FILTER (WHERE kind = 'refund' AND account = 'cash'), 0)::text AS refunds,
  coalesce(-sum(amount_cents) FILTER (WHERE kind IN ('sale', 'refund') AND account = 'creator'), 0)::text AS net,
  (count(*) FILTER (WHERE kind = 'sale' AND account = 'cash'))::int AS sales`;

/** Money strings with two decimals, as every answer gives money. */
export const salesMoney = (sums: SalesSums) => ({
  gross: centsToPrice(Number(sums.gross)),
  fees: centsToPrice(Number(sums.fees)),
  refunds: centsToPrice(Number(sums.refunds)),
  net: centsToPrice(Number(sums.net)),
  sales: sums.sales,
});

/**
 * A creator's sales and refunds (payouts move the balance, not the sales) between `from` and `to`,
 * UTC days both included, for ledger entries aliased `l`.
 */
export type SalesRange = { creatorId: string; from?: string | undefined; to?: string | undefined };

export function salesOf({ creatorId, from, to }: SalesRange): SQL {
  return sql.join(
    [
      sql`l.creator_id = ${creatorId}`,
      sql`l.kind IN ('sale', 'refund')`,
      from ? sql`l.created_at >= ${from}::date::timestamptz` : sql`true`,
      to ? sql`l.created_at < (${to}::date + 1)::timestamptz` : sql`true`,
    ],
    sql` AND `,
  );
}

/** The first day of `now`'s calendar month, UTC ("2026-11-01"): where This Month and a month of Earnings start. */
export const monthStartDay = (now: number) => `${new Date(now).toISOString().slice(0, 7)}-01`;

/** A creator's net (what they keep) per course, in cents, from `from` on (all time without it). */
export async function creatorNetByCourse(
  db: DbOrTx,
  { creatorId, courseId, from }: { creatorId: string; courseId?: string; from?: string },
): Promise<Map<string, number>> {
  const rows = await sqlRows<SalesSums & { courseId: string }>(
    db,
    sql`SELECT l.course_id AS "courseId", ${SALES_FIGURES} FROM ledger_entries l
      WHERE ${salesOf({ creatorId, from })} ${courseId === undefined ? sql`` : sql`AND l.course_id = ${courseId}`}
      GROUP BY l.course_id`,
  );
  return new Map(rows.map((row) => [row.courseId, Number(row.net)]));
}

/** A creator's figures over their sales and refunds between `from` and `to` (all time without them). */
export async function sumCreatorSales(db: DbOrTx, range: SalesRange): Promise<SalesSums> {
  const [row] = await sqlRows<SalesSums>(db, sql`SELECT ${SALES_FIGURES} FROM ledger_entries l WHERE ${salesOf(range)}`);
  return row ?? { gross: '0', fees: '0', refunds: '0', net: '0', sales: 0 };
}
