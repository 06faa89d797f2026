import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/app';

// Rate limits key on the client's address; with a forged X-Forwarded-For a client must not pick its own.
const NOW = Date.UTC(2030, 0, 1, 12, 30, 30);
let direct: TestApp;
let behindOneProxy: TestApp;

beforeAll(async () => {
  direct = await createTestApp({ clock: () => NOW, env: { RATE_LIMIT_LOGIN_PER_MINUTE: '2' } });
  behindOneProxy = await createTestApp({
    db: direct.db,
    clock: () => NOW,
    env: { RATE_LIMIT_LOGIN_PER_MINUTE: '2', TRUST_PROXY: '1' },
  });
});
afterAll(async () => {
  await behindOneProxy?.close();
  await direct?.close();
});

function failedLogin(t: TestApp, remoteAddress: string, forwardedFor: string, n: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: `nobody-${n}@example.com`, password: 'wrong-password' },
  });
}

describe('TRUST_PROXY', () => {
  it('unset: X-Forwarded-For is ignored, so forged addresses share the real one’s counter', async () => {
    const statuses = [];
    for (let n = 0; n < 3; n++) statuses.push((await failedLogin(direct, '198.51.100.7', `203.0.113.${n}`, n)).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('a hop count: the address the trusted proxy saw counts, not what the client wrote before it', async () => {
    const statuses = [];
    // The client forges the left part; the proxy (the direct peer) appends the address it saw.
    for (let n = 0; n < 3; n++) {
      statuses.push((await failedLogin(behindOneProxy, '10.0.0.2', `203.0.113.${n}, 198.51.100.9`, n + 10)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
    const other = await failedLogin(behindOneProxy, '10.0.0.2', '198.51.100.10', 20);
    expect(other.statusCode).toBe(401);
  });
});
