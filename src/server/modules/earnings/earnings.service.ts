import { sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { centsToPrice } from '#shared/format';
import type { Earnings, EarningsQuery } from '#shared/schemas/earnings';
import { REFUND_WINDOW_MS } from '../../lib/refund-rules';
import { sqlRows } from '../../lib/sql-rows';

type Sums = { gross: string; fees: string; refunds: string; net: string; sales: number };

/**
 * The ledger's figures of one creator's sales (ledger_entries, migration 0025), as sums of cents:
 * gross is cash in from sales, fees the platform's credit, refunds cash back out, net the creator's
 * credit (sales less fees, refunds less their fees). The database adds them in bigint.
 */
const FIGURES = sql`
  coalesce(sum(amount_cents) FILTER (WHERE kind = 'sale' AND account = 'cash'), 0)::text AS gross,
  coalesce(-sum(amount_cents) FILTER (WHERE kind = 'sale' AND account = 'platform_fees'), 0)::text AS fees,
  coalesce(-sum(amount_cents) FILTER (WHERE kind = 'refund' AND account = 'cash'), 0)::text AS refunds,
  coalesce(-sum(amount_cents) FILTER (WHERE kind IN ('sale', 'refund') AND account = 'creator'), 0)::text AS net,
  (count(*) FILTER (WHERE kind = 'sale' AND account = 'cash'))::int AS sales`;

const money = (sums: Sums) => ({
  gross: centsToPrice(Number(sums.gross)),
  fees: centsToPrice(Number(sums.fees)),
  refunds: centsToPrice(Number(sums.refunds)),
  net: centsToPrice(Number(sums.net)),
  sales: sums.sales,
});

/** GET /api/creator/earnings: the caller's sales between `from` and `to` (UTC days, both included), and their balance now. */
export async function getEarnings({
  db,
  userId,
  query,
  now,
}: {
  db: Db;
  userId: string;
  query: EarningsQuery;
  now: number;
}): Promise<Earnings> {
  const inRange = sql.join(
    [
      sql`l.creator_id = ${userId}`,
      query.from ? sql`l.created_at >= ${query.from}::date::timestamptz` : sql`true`,
      query.to ? sql`l.created_at < (${query.to}::date + 1)::timestamptz` : sql`true`,
    ],
    sql` AND `,
  );
  // A sale can be refunded until then; only after is its money the creator's to be paid.
  const windowEnd = new Date(now - REFUND_WINDOW_MS).toISOString();
  const [[totals], byCourse, byMonth, [balance]] = await Promise.all([
    sqlRows<Sums>(db, sql`SELECT ${FIGURES} FROM ledger_entries l WHERE ${inRange}`),
    sqlRows<Sums & { courseId: string; title: string }>(
      db,
      sql`SELECT l.course_id AS "courseId", c.title, ${FIGURES}
        FROM ledger_entries l JOIN courses c ON c.id = l.course_id
        WHERE ${inRange} GROUP BY l.course_id, c.title ORDER BY sum(amount_cents) FILTER (WHERE kind = 'sale' AND account = 'cash') DESC NULLS LAST, c.title`,
    ),
    sqlRows<Sums & { month: string }>(
      db,
      sql`SELECT to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, ${FIGURES}
        FROM ledger_entries l WHERE ${inRange} GROUP BY 1 ORDER BY 1 DESC`,
    ),
    // The balance ignores the range: what the creator is owed now.
    sqlRows<{ settled: string; paidOut: string }>(
      db,
      sql`SELECT
          coalesce(-sum(l.amount_cents) FILTER (WHERE l.kind IN ('sale', 'refund') AND l.account = 'creator'
            AND sale.created_at <= ${windowEnd}::timestamptz), 0)::text AS settled,
          coalesce(sum(l.amount_cents) FILTER (WHERE l.kind = 'payout' AND l.account = 'creator'), 0)::text AS "paidOut"
        FROM ledger_entries l
        LEFT JOIN LATERAL (
          SELECT s.created_at FROM ledger_entries s
          WHERE s.payment_id = l.payment_id AND s.kind = 'sale' AND s.account = 'cash' LIMIT 1
        ) sale ON true
        WHERE l.creator_id = ${userId}`,
    ),
  ]);
  const zero: Sums = { gross: '0', fees: '0', refunds: '0', net: '0', sales: 0 };
  const paidOut = Number(balance?.paidOut ?? 0);
  return {
    currency: 'usd',
    ...money(totals ?? zero),
    available: centsToPrice(Math.max(0, Number(balance?.settled ?? 0) - paidOut)),
    paidOut: centsToPrice(paidOut),
    byCourse: byCourse.map(({ courseId, title, ...sums }) => ({ courseId, title, ...money(sums) })),
    byMonth: byMonth.map(({ month, ...sums }) => ({ month, ...money(sums) })),
  };
}
