import { and, desc, eq, gt, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { signInAddresses } from '#db/schema/index';
import { KNOWN_CLIENT_MS } from '../../lib/client-address';

/*
 * Addresses (an IPv4 address, an IPv6 client's /64) a user signed in from: like a device cookie for
 * clients that keep no cookies (the API's own clients), a login from one is judged by that address's
 * own failure limit instead of the per-email ceiling. Kept in the database, so every instance knows them.
 */

/** The newest this many per user are kept; an older one is known no longer. */
export const MAX_SIGN_IN_ADDRESSES = 20;

/** No user has this id: the lookup runs, and takes as long, for an email with no account. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

export async function isKnownAddress({
  db,
  userId,
  address,
  now,
}: {
  db: DbOrTx;
  userId: string | undefined;
  address: string;
  now: number;
}): Promise<boolean> {
  const [row] = await db
    .select({ address: signInAddresses.address })
    .from(signInAddresses)
    .where(
      and(
        eq(signInAddresses.userId, userId ?? NO_USER),
        eq(signInAddresses.address, address),
        gt(signInAddresses.lastSignInAt, new Date(now - KNOWN_CLIENT_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Remembers a sign-in from `address`, and forgets the user's addresses beyond the newest MAX_SIGN_IN_ADDRESSES. */
export async function rememberSignInAddress({
  db,
  userId,
  address,
  now,
}: {
  db: DbOrTx;
  userId: string;
  address: string;
  now: number;
}): Promise<void> {
  const at = new Date(now);
  await db
    .insert(signInAddresses)
    .values({ userId, address, lastSignInAt: at })
    .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.address], set: { lastSignInAt: at } });
  const newest = db
    .select({ address: signInAddresses.address })
    .from(signInAddresses)
    .where(eq(signInAddresses.userId, userId))
    .orderBy(desc(signInAddresses.lastSignInAt), desc(signInAddresses.address))
    .limit(MAX_SIGN_IN_ADDRESSES);
  await db.delete(signInAddresses).where(and(eq(signInAddresses.userId, userId), notInArray(signInAddresses.address, newest)));
}
