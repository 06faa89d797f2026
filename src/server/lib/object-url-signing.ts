import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { appSecrets } from '#db/schema/index';

/*
 * Lesson media of a paid course is loaded by <img> and <video>, which send no bearer token, so the
 * lesson endpoints (which did check access) hand out addresses signed for a few hours instead:
 * `/objects/<key>?exp=<unix seconds>&sig=<HMAC-SHA256>`. The expiry is rounded up to the hour, so a
 * page reloaded within the hour gets the same address and the browser's cache still applies.
 */

const SECRET_NAME = 'object-url';
const HOUR_S = 3600;
/** At least this long: a lesson's video may play for a while after the page loaded. */
export const SIGNED_URL_MIN_TTL_S = 4 * HOUR_S;

export type ObjectUrlSigner = {
  sign(objectPath: string, nowMs: number): string;
  /** True when `exp` and `sig` sign `objectPath` and have not expired. */
  verify(objectPath: string, exp: string | undefined, sig: string | undefined, nowMs: number): boolean;
};

export function createObjectUrlSigner(secret: string): ObjectUrlSigner {
  const mac = (objectPath: string, exp: string) => createHmac('sha256', secret).update(`${objectPath}\n${exp}`).digest();
  return {
    sign(objectPath, nowMs) {
      const exp = String(Math.ceil((nowMs / 1000 + SIGNED_URL_MIN_TTL_S) / HOUR_S) * HOUR_S);
      return `${objectPath}?exp=${exp}&sig=${mac(objectPath, exp).toString('base64url')}`;
    },
    verify(objectPath, exp, sig, nowMs) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= nowMs) return false;
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(objectPath, exp);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/**
 * OBJECT_URL_SECRET when set; otherwise one random secret kept in the database, so every instance
 * on it signs and verifies alike (the first instance to start creates it; the others read it).
 */
export async function loadObjectUrlSecret({ db, configured }: { db: DbOrTx; configured: string | undefined }) {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!row) throw new Error('object URL secret missing after insert');
  return row.value;
}
