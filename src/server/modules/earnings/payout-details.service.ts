import { eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { users } from '#db/schema/index';
import type { PayoutDetails } from '#shared/schemas/payouts';
import type { JobQueue } from '../../lib/jobs/job-kinds';
import type { Mailer } from '../../lib/mailer';
import { recipientLocale } from '../../lib/recipient-locale';
import { payoutDetailsChangedMail } from './payout-details.mail';

/** GET /api/creator/payouts/details: where the caller asked to be paid; null until they say. */
export async function getPayoutDetails({ db, userId }: { db: Db; userId: string }): Promise<PayoutDetails> {
  const [row] = await db.select({ payoutDetails: users.payoutDetails }).from(users).where(eq(users.id, userId)).limit(1);
  return { payoutDetails: row?.payoutDetails ?? null };
}

/**
 * PUT /api/creator/payouts/details: replaces them (null clears them). An admin reads them on the
 * balances to pay (GET /api/admin/payouts/balances) when making the bank transfer. A change mails the
 * creator (queued with the change, ADR 0037), so a hijacked session cannot redirect a payout unnoticed.
 */
export async function setPayoutDetails({
  db,
  jobs,
  userId,
  payoutDetails,
}: {
  db: Db;
  jobs: JobQueue;
  userId: string;
  payoutDetails: string | null;
}): Promise<PayoutDetails> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ payoutDetails: users.payoutDetails })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const [row] = await tx
      .update(users)
      .set({ payoutDetails })
      .where(eq(users.id, userId))
      .returning({ payoutDetails: users.payoutDetails });
    if (row && before && before.payoutDetails !== row.payoutDetails) {
      await jobs.enqueue(tx, 'mail.payout-details-changed', {
        userId,
        changedAt: new Date().toISOString(),
        isCleared: row.payoutDetails === null,
      });
    }
    return { payoutDetails: row?.payoutDetails ?? null };
  });
}

/** The 'mail.payout-details-changed' job: to the creator's address as it is when the mail goes. */
export async function sendPayoutDetailsChangedMail({
  db,
  mailer,
  publicUrl,
  notice,
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  notice: { userId: string; changedAt: string; isCleared: boolean };
}): Promise<void> {
  const [user] = await db
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.id, notice.userId))
    .limit(1);
  if (!user) return;
  await mailer.send(
    payoutDetailsChangedMail({
      to: user.email,
      name: user.name,
      changedAt: new Date(notice.changedAt),
      isCleared: notice.isCleared,
      earningsUrl: new URL('/creator/earnings', publicUrl).toString(),
      locale: recipientLocale(user.locale),
    }),
  );
}
