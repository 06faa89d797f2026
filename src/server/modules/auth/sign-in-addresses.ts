import { and, desc, eq, notInArray } from 'drizzle-orm';
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

/** A sign-in from an address seen within this long is not written again: a crowd of sign-ins writes nothing. */
const REFRESH_MS = 24 * 60 * 60 * 1000;

/** When the user last signed in from `address` (ms), if they ever did. */
export async function lastSignInFrom({
  db,
  userId,
  address,
}: {
  db: DbOrTx;
  userId: string | undefined;
  address: string;
}): Promise<number | undefined> {
  const [row] = await db
    .select({ at: signInAddresses.lastSignInAt })
    .from(signInAddresses)
    .where(and(eq(signInAddresses.userId, userId ?? NO_USER), eq(signInAddresses.address, address)))
    .limit(1);
  return row?.at.getTime();
}

/** Whether a sign-in `lastSignInAt` makes the address known at `now`. */
export function isKnownSince(lastSignInAt: number | undefined, now: number): boolean {
  return lastSignInAt !== undefined && lastSignInAt > now - KNOWN_CLIENT_MS;
}

/**
 * Remembers a sign-in from `address` (`lastSignInAt`: the one before, if any), and forgets the
 * user's addresses beyond the newest MAX_SIGN_IN_ADDRESSES when it is a new one.
 */
export async function rememberSignInAddress({
  db,
  userId,
  address,
  now,
  lastSignInAt,
}: {
  db: DbOrTx;
  userId: string;
  address: string;
  now: number;
  lastSignInAt: number | undefined;
}): Promise<void> {
  if (lastSignInAt !== undefined && now - lastSignInAt < REFRESH_MS) return;
  const at = new Date(now);
  await db
    .insert(signInAddresses)
    .values({ userId, address, lastSignInAt: at })
    .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.address], set: { lastSignInAt: at } });
  if (lastSignInAt !== undefined) return;
  const newest = db
    .select({ address: signInAddresses.address })
    .from(signInAddresses)
    .where(eq(signInAddresses.userId, userId))
    .orderBy(desc(signInAddresses.lastSignInAt), desc(signInAddresses.address))
    .limit(MAX_SIGN_IN_ADDRESSES);
  await db.delete(signInAddresses).where(and(eq(signInAddresses.userId, userId), notInArray(signInAddresses.address, newest)));
}
