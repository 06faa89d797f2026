import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { appSecrets } from '#db/schema/index';
import { KNOWN_CLIENT_MS } from '../../lib/client-address';

/*
 * OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies", ADR 0023): a
 * browser that signed in to an account gets a signed entry naming that account and a random device
 * id. A login that brings a valid entry for the account is judged by that device's own failure limit,
 * not by the per-email ceiling that strangers' guesses fill, so guessing from many addresses cannot
 * lock the owner out of a browser they used before. The entry grants nothing else: no session, no
 * access. One cookie holds the entries of the last few accounts used in the browser.
 */

export const DEVICE_COOKIE = 'ga_device';
/** Sent only to the auth API: no page, image or other API call carries it. */
export const DEVICE_COOKIE_PATH = '/api/auth';
const SECRET_NAME = 'device-cookie';
/** Accounts remembered per browser: a shared computer's users do not push each other out. */
const MAX_ACCOUNTS = 5;
/** `<user id>.<device id>.<expiry, unix seconds>.<HMAC-SHA256>` */
const ENTRY = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
/** A cookie header may be large; no more entries than this are looked at. */
const MAX_ENTRIES_READ = 20;

type Entry = { userId: string; deviceId: string; expiresAt: number; text: string };

export type DeviceCookies = {
  /** The device id this browser holds for `userId`: a well-signed entry that has not expired, or undefined. */
  deviceOf(cookieHeader: string | undefined, userId: string, now: number): string | undefined;
  /** The cookie's value once `userId` signed in on this browser: a new entry first, the other accounts' kept. */
  afterSignIn(cookieHeader: string | undefined, userId: string, now: number): string;
  /** The Set-Cookie header for a value. */
  header(value: string): string;
};

function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  return header.split(';').flatMap((pair) => {
    const separator = pair.indexOf('=');
    return separator !== -1 && pair.slice(0, separator).trim() === name ? [pair.slice(separator + 1).trim()] : [];
  });
}

export function createDeviceCookies({ secret, secure }: { secret: string; secure: boolean }): DeviceCookies {
  const mac = (userId: string, deviceId: string, expiry: string) =>
    createHmac('sha256', secret).update(`device\n${userId}\n${deviceId}\n${expiry}`).digest();

  /** The well-signed, unexpired entries of the browser's cookies, at most MAX_ENTRIES_READ looked at. */
  const entriesOf = (cookieHeader: string | undefined, now: number): Entry[] =>
    cookieValues(cookieHeader, DEVICE_COOKIE)
      .flatMap((value) => value.split('~'))
      .slice(0, MAX_ENTRIES_READ)
      .flatMap((text) => {
        const [, userId = '', deviceId = '', expiry = '', signature = ''] = ENTRY.exec(text) ?? [];
        if (!signature || Number(expiry) * 1000 <= now) return [];
        const given = Buffer.from(signature, 'base64url');
        const expected = mac(userId, deviceId, expiry);
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
        return [{ userId, deviceId, expiresAt: Number(expiry) * 1000, text }];
      });

  return {
    deviceOf(cookieHeader, userId, now) {
      return entriesOf(cookieHeader, now).find((entry) => entry.userId === userId)?.deviceId;
    },
    afterSignIn(cookieHeader, userId, now) {
      const deviceId = randomBytes(16).toString('base64url');
      const expiry = String(Math.floor((now + KNOWN_CLIENT_MS) / 1000));
      const fresh = `${userId}.${deviceId}.${expiry}.${mac(userId, deviceId, expiry).toString('base64url')}`;
      const others = entriesOf(cookieHeader, now).filter((entry) => entry.userId !== userId);
      // Newest first, as written; one entry per account.
      const kept = others.filter((entry, index) => others.findIndex((other) => other.userId === entry.userId) === index);
      return [fresh, ...kept.map((entry) => entry.text)].slice(0, MAX_ACCOUNTS).join('~');
    },
    header(value) {
      const maxAge = Math.floor(KNOWN_CLIENT_MS / 1000);
      return `${DEVICE_COOKIE}=${value}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
    },
  };
}

/** One random secret kept in the database, so every instance on it signs and checks device cookies alike. */
export async function loadDeviceCookieSecret(db: DbOrTx): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!row) throw new Error('device cookie secret missing after insert');
  return row.value;
}
