import { and, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { certificates } from '#db/schema/index';
import { setStatusBits } from './status-lists';

/**
 * Revokes the certificates `condition` picks that are valid, in the caller's transaction: each says
 * when and why on its verification page, and its credential's bit is set in its status list, which is
 * signed again before the transaction commits (docs/decisions/0059). Answers the ids revoked.
 */
export async function revokeCertificates(
  tx: DbOrTx,
  { condition, reason, now }: { condition: SQL | undefined; reason: string; now: Date },
): Promise<string[]> {
  const revoked = await tx
    .update(certificates)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(condition, isNull(certificates.revokedAt)))
    .returning({ id: certificates.id, listId: certificates.statusListId, index: certificates.statusIndex });
  const byList = new Map<string, number[]>();
  for (const { listId, index } of revoked) {
    if (listId !== null && index !== null) byList.set(listId, [...(byList.get(listId) ?? []), index]);
  }
  // In the order of their ids, so two transactions revoking in the same lists lock them alike.
  for (const listId of [...byList.keys()].sort()) {
    await setStatusBits(tx, { listId, indexes: byList.get(listId) ?? [], now });
  }
  return revoked.map((row) => row.id);
}
