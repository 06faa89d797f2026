import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD_QUEUE_BUSY } from '#server/lib/password-queue';
import { createTestApp, type TestApp } from '#tests/helpers/app';

/*
 * A crowd of sign-ins through the HTTP API: more password work at once than the one queue holds
 * (4 running and 64 waiting). What the queue cannot take is refused at once with a 429 that says to
 * retry, nothing fails with a 5xx, every sign-in it took is answered on its merits, and sign-in works
 * again at once when the crowd has gone. Rate limits are lifted so only the queue can refuse.
 */
const CROWD = 300;
// The queue is the server's CPU work, the same whatever the database: it runs once, on PGlite.
const isPglite = inject('dbKind') === 'pglite';
const PASSWORD = 'crowd-pass-1';
let t: TestApp;

beforeAll(async () => {
  if (!isPglite) return;
  const unlimited = Object.fromEntries(
    ['LOGIN_PER_MINUTE', 'LOGIN_SUCCESS_PER_MINUTE', 'LOGIN_PER_HOUR_EMAIL', 'SIGNUP_PER_HOUR'].map((name) => [
      `RATE_LIMIT_${name}`,
      '100000',
    ]),
  );
  t = await createTestApp({ env: unlimited });
});
afterAll(() => t?.close());

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe.skipIf(!isPglite)('a crowd of sign-ins', () => {
  it('gets 429s with a retry time for what the password queue cannot take, and no 5xx', async () => {
    const email = 'crowd@example.com';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: PASSWORD, name: 'Crowd' },
    });
    expect(signup.statusCode).toBe(201);

    // Half right and half wrong passwords, all at once.
    const answers = await Promise.all(
      Array.from({ length: CROWD }, (_, i) => login(email, i % 2 === 0 ? PASSWORD : `wrong-${i}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([200, 401, 429]));
    // Requests reach the queue a little apart (each first reads its account), so how many it takes
    // varies; at least its 68 places are taken, and some are refused.
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThanOrEqual(CROWD - 68);
    const mismatched = answers.filter(
      (answer, i) => answer.statusCode !== 429 && answer.statusCode !== (i % 2 === 0 ? 200 : 401),
    );
    expect(mismatched, 'a sign-in answered against its password').toEqual([]);
    for (const answer of refused) {
      expect(answer.json()).toMatchObject({ message: PASSWORD_QUEUE_BUSY });
      expect(answer.headers['retry-after']).toBe('5');
    }

    // Once the crowd has gone, the right password signs in at once.
    const after = await login(email, PASSWORD);
    expect(after.statusCode).toBe(200);
  });
});
