import { eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { users } from '#db/schema/index';
import type { PayoutDetails } from '#shared/schemas/payouts';

/** GET /api/creator/payouts/details: where the caller asked to be paid; null until they say. */
export async function getPayoutDetails({ db, userId }: { db: Db; userId: string }): Promise<PayoutDetails> {
  const [row] = await db.select({ payoutDetails: users.payoutDetails }).from(users).where(eq(users.id, userId)).limit(1);
  return { payoutDetails: row?.payoutDetails ?? null };
}

/**
 * PUT /api/creator/payouts/details: replaces them (null clears them). An admin reads them on the
 * balances to pay (GET /api/admin/payouts/balances) when making the bank transfer.
 */
export async function setPayoutDetails({
  db,
  userId,
  payoutDetails,
}: {
  db: Db;
  userId: string;
  payoutDetails: string | null;
}): Promise<PayoutDetails> {
  const [row] = await db
    .update(users)
    .set({ payoutDetails })
    .where(eq(users.id, userId))
    .returning({ payoutDetails: users.payoutDetails });
  return { payoutDetails: row?.payoutDetails ?? null };
}
