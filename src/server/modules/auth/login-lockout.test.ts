import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAddresses, users } from '#db/schema/index';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { KNOWN_CLIENT_MS } from '../../lib/client-address';
import { purgeExpired } from '../../lib/purge';
import { MAX_SIGN_IN_ADDRESSES } from './sign-in-addresses';

/*
 * Issue 21 §10: eleven addresses × ten wrong passwords filled the per-email ceiling, and the owner's
 * right password then got 429. A browser that signed in before (its device cookie) or an address
 * that did is judged by a ceiling of its own; a stranger is still stopped. IPv6 clients count per /64.
 */

// Mid-minute and mid-hour: no rate-limit window turns during a test.
const NOW = Date.UTC(2030, 0, 1, 12, 30, 30);
const PASSWORD = 'owner-password';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
});
afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** A fresh IPv4 address for every stranger. */
function nextIp(): string {
  ipCounter += 1;
  return `172.${16 + ((ipCounter >> 16) & 15)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

type Client = { ip?: string; cookie?: string; app?: TestApp };

function post(url: string, payload: unknown, { ip = nextIp(), cookie, app = t }: Client = {}) {
  return app.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: cookie ? { cookie: `ga_device=${cookie}` } : {},
    payload: payload as Record<string, unknown>,
  });
}

const login = (email: string, password: string, client?: Client) => post('/api/auth/login', { email, password }, client);

function deviceCookieOf(response: Awaited<ReturnType<typeof post>>): string {
  const cookie = response.cookies.find((candidate) => candidate.name === 'ga_device');
  expect(cookie, response.body).toBeDefined();
  return cookie?.value ?? '';
}

async function signUp(client: Client = {}) {
  const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
  const response = await post('/api/auth/signup', { email, password: PASSWORD, name: 'Owner' }, client);
  expect(response.statusCode, response.body).toBe(201);
  return { email, userId: response.json().user.id as string, cookie: deviceCookieOf(response) };
}

/** Strangers at `addresses` addresses guess `perAddress` wrong passwords each, in parallel. */
async function guessFromMany(email: string, addresses: number, perAddress: number, client: Omit<Client, 'ip'> = {}) {
  const statuses = await Promise.all(
    Array.from({ length: addresses }, async () => {
      const ip = nextIp();
      const answers: number[] = [];
      for (let n = 0; n < perAddress; n++) answers.push((await login(email, `guess-${n}`, { ...client, ip })).statusCode);
      return answers;
    }),
  );
  return statuses.flat();
}

function expectRefused(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode, response.body).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

describe('a login after strangers filled the per-email ceiling from many addresses', () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  const ownerHome = nextIp();
  let other: Awaited<ReturnType<typeof signUp>>;
  let deviceCookie: string;

  beforeAll(async () => {
    owner = await signUp({ ip: ownerHome });
    // A second browser of the owner, elsewhere.
    const elsewhere = await login(owner.email, PASSWORD, { ip: nextIp() });
    expect(elsewhere.statusCode).toBe(200);
    deviceCookie = deviceCookieOf(elsewhere);
    other = await signUp();
    // 11 addresses × 10 wrong passwords: 100 failures fill the hourly ceiling of 100, the rest are refused.
    const statuses = await guessFromMany(owner.email, 11, 10);
    expect(statuses.filter((status) => status === 401)).toHaveLength(100);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  }, 120_000);

  it('refuses the right password from a browser and an address the account never signed in from (429)', async () => {
    expectRefused(await login(owner.email, PASSWORD));
    expectRefused(await login(owner.email, PASSWORD, { cookie: other.cookie }));
  });

  it("signs the owner in from a browser that signed in before, at any address, and renews that browser's cookie", async () => {
    const response = await login(owner.email, PASSWORD, { cookie: deviceCookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.email).toBe(owner.email);
    const renewed = deviceCookieOf(response);
    expect(renewed).not.toBe(deviceCookie);
    expect((await login(owner.email, PASSWORD, { cookie: renewed })).statusCode).toBe(200);
    // The sign-up's browser is known too.
    expect((await login(owner.email, PASSWORD, { cookie: owner.cookie })).statusCode).toBe(200);
  });

  it('signs the owner in from an address that signed in before, without any cookie', async () => {
    const response = await login(owner.email, PASSWORD, { ip: ownerHome });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("refuses a forged cookie, one naming the owner but signed for another account, and another user's", async () => {
    const [userId = '', deviceId = '', expiry = '', signature = ''] = deviceCookie.split('~')[0]?.split('.') ?? [];
    expect(userId).toBe(owner.userId);
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const [, otherDevice = '', otherExpiry = '', otherSignature = ''] = other.cookie.split('.');
    const forgeries = [
      `${userId}.${deviceId}.${expiry}.${flipped}`,
      // Another expiry under the same signature.
      `${userId}.${deviceId}.${Number(expiry) + 1}.${signature}`,
      // The other user's entry relabelled with the owner's id.
      `${owner.userId}.${otherDevice}.${otherExpiry}.${otherSignature}`,
      other.cookie,
      'garbage',
      `${userId}.${deviceId}.${expiry}`,
    ];
    for (const cookie of forgeries) expectRefused(await login(owner.email, PASSWORD, { cookie }));
  });

  it("keeps the accounts of a shared browser apart: one cookie carries each account's entry", async () => {
    // The other user signs in on the owner's browser: its cookie now names both accounts.
    const shared = await login(other.email, PASSWORD, { cookie: deviceCookie });
    expect(shared.statusCode).toBe(200);
    const both = deviceCookieOf(shared);
    expect(both.split('~')).toHaveLength(2);
    expect((await login(owner.email, PASSWORD, { cookie: both })).statusCode).toBe(200);
  });

  it('refuses a device cookie once it expired', async () => {
    // Issued by an instance on the same database more than its life ago.
    const past = await createTestApp({ db: t.db, clock: () => NOW - KNOWN_CLIENT_MS - 60_000 });
    try {
      const old = await login(owner.email, PASSWORD, { app: past });
      expect(old.statusCode).toBe(200);
      expectRefused(await login(owner.email, PASSWORD, { cookie: deviceCookieOf(old) }));
    } finally {
      await past.close();
    }
  });

  it('still answers 401, not 200, to a wrong password from a known browser or address', async () => {
    expect((await login(owner.email, 'not-it', { cookie: deviceCookie })).statusCode).toBe(401);
    expect((await login(owner.email, 'not-it', { ip: ownerHome })).statusCode).toBe(401);
  });
});

describe('the cookie', () => {
  it('is HttpOnly, SameSite=Strict, sent only to the auth API, long-lived, and Secure on https', async () => {
    const response = await login((await signUp()).email, PASSWORD);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^ga_device=[^;]+; Path=\/api\/auth; Max-Age=15552000; HttpOnly; SameSite=Strict$/);

    const https = await createTestApp({ db: t.db, clock: () => NOW, env: { PUBLIC_URL: 'https://academy.example' } });
    try {
      const secure = await login((await signUp({ app: https })).email, PASSWORD, { app: https });
      expect(String(secure.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
      // Both instances sign with the one secret kept in the database.
      expect((await login((await signUp()).email, PASSWORD, { app: https, cookie: deviceCookieOf(response) })).statusCode).toBe(
        200,
      );
    } finally {
      await https.close();
    }
  });
});

describe('a device or address used for guessing', () => {
  it('locks only itself out: its failures count on its own ceiling, then it is judged as a stranger', async () => {
    const strict = await createTestApp({ db: t.db, clock: () => NOW, env: { RATE_LIMIT_LOGIN_PER_HOUR_EMAIL: '5' } });
    try {
      const home = nextIp();
      const owner = await signUp({ app: strict, ip: home });
      const laptop = deviceCookieOf(await login(owner.email, PASSWORD, { app: strict }));
      // A thief of the sign-up browser's cookie guesses from many addresses: five, then that device is spent.
      const stolen = await guessFromMany(owner.email, 5, 1, { app: strict, cookie: owner.cookie });
      expect(stolen).toEqual([401, 401, 401, 401, 401]);
      // Strangers fill the per-email ceiling; the spent device is now one of them.
      expect(await guessFromMany(owner.email, 5, 1, { app: strict })).toEqual([401, 401, 401, 401, 401]);
      expectRefused(await login(owner.email, PASSWORD, { app: strict, cookie: owner.cookie }));
      // The owner's other browser and home address are still theirs.
      expect((await login(owner.email, PASSWORD, { app: strict, cookie: laptop })).statusCode).toBe(200);
      expect((await login(owner.email, PASSWORD, { app: strict, ip: home })).statusCode).toBe(200);

      // Guesses from the home address fill its own ceiling; then it is a stranger too.
      for (let n = 0; n < 5; n++)
        expect((await login(owner.email, `guess-${n}`, { app: strict, ip: home })).statusCode).toBe(401);
      expectRefused(await login(owner.email, PASSWORD, { app: strict, ip: home }));
    } finally {
      await strict.close();
    }
  });

  it('is forgotten with a password reset, like the per-email ceiling', async () => {
    const strict = await createTestApp({ db: t.db, clock: () => NOW, env: { RATE_LIMIT_LOGIN_PER_HOUR_EMAIL: '2' } });
    try {
      const owner = await signUp({ app: strict });
      await guessFromMany(owner.email, 2, 1, { app: strict, cookie: owner.cookie });
      await guessFromMany(owner.email, 2, 1, { app: strict });
      expectRefused(await login(owner.email, PASSWORD, { app: strict, cookie: owner.cookie }));
      await post('/api/auth/forgot-password', { email: owner.email }, { app: strict });
      await strict.app.background.drain();
      const token = strict.mailer.last(owner.email)?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
      expect((await post('/api/auth/reset-password', { token, newPassword: 'new-password' }, { app: strict })).statusCode).toBe(
        200,
      );
      expect((await login(owner.email, 'new-password', { app: strict, cookie: owner.cookie })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('IPv6 clients', () => {
  /** Failed logins for emails nobody has: only the per-address counter fills. */
  async function failures(ip: string, n: number) {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await login(`nobody-${randomUUID()}@example.com`, 'wrong', { ip })).statusCode);
    return statuses;
  }

  it('share one counter within a /64, and not across /64s', async () => {
    expect(await failures('2001:db8:a:b::1', 10)).toEqual(Array(10).fill(401));
    // Another address in the same /64, however written.
    expect(await failures('2001:db8:a:b:ffff:ffff:ffff:fffe', 1)).toEqual([429]);
    expect(await failures('2001:0DB8:000A:000B:0:0:0:2', 1)).toEqual([429]);
    // The neighbouring /64 is another client.
    expect(await failures('2001:db8:a:c::1', 1)).toEqual([401]);
  });

  it('count an IPv4-mapped address as its IPv4 client', async () => {
    expect(await failures('::ffff:198.51.100.77', 10)).toEqual(Array(10).fill(401));
    expect(await failures('198.51.100.77', 1)).toEqual([429]);
  });

  it('are known by their /64: the owner signs in again from another address of it', async () => {
    const owner = await signUp({ ip: '2001:db8:77:1::10' });
    await guessFromMany(owner.email, 11, 10);
    expectRefused(await login(owner.email, PASSWORD, { ip: '2001:db8:77:2::10' }));
    expect((await login(owner.email, PASSWORD, { ip: '2001:db8:77:1:abcd::99' })).statusCode).toBe(200);
  }, 120_000);
});

describe('the addresses a user signed in from', () => {
  it('keep only the newest per user, and are purged once unseen for long', async () => {
    let now = NOW;
    const ticking = await createTestApp({ db: t.db, clock: () => now });
    try {
      const owner = await signUp({ app: ticking });
      const ips = Array.from({ length: MAX_SIGN_IN_ADDRESSES + 3 }, () => nextIp());
      for (const ip of ips) {
        now += 100;
        expect((await login(owner.email, PASSWORD, { app: ticking, ip })).statusCode).toBe(200);
      }
      const rows = await t.db.db.select().from(signInAddresses).where(eq(signInAddresses.userId, owner.userId));
      expect(rows.map((row) => row.address).sort()).toEqual(ips.slice(-MAX_SIGN_IN_ADDRESSES).sort());

      await purgeExpired({
        db: t.db.db,
        now: now + KNOWN_CLIENT_MS + 1,
        store: ticking.app.objectStore,
        retention: ticking.config.retention,
      });
      expect(await t.db.db.select().from(signInAddresses).where(eq(signInAddresses.userId, owner.userId))).toEqual([]);
      // The account itself is untouched.
      expect(await t.db.db.select({ id: users.id }).from(users).where(eq(users.id, owner.userId))).toHaveLength(1);
    } finally {
      await ticking.close();
    }
  });
});
