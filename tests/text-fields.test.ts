import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, rateLimits, sessions, users } from '#db/schema/index';
import { createTestApp, type TestApp } from '#tests/helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const CONTROLS = { NUL: '\u0000', BEL: '\u0007', ESC: '\u001b', DEL: '\u007f', C1: '\u0085', 'lone surrogate': '\ud800' };

const valid = {
  signup: { email: 'ada@example.com', password: 'correct-horse', name: 'Ada Lovelace', inviteCode: 'test-invite-code' },
  login: { email: 'ada@example.com', password: 'correct-horse' },
  'forgot-password': { email: 'ada@example.com' },
  'reset-password': { token: 'a'.repeat(43), newPassword: 'correct-horse' },
} as const;

const fields = Object.entries(valid).flatMap(([route, body]) =>
  Object.keys(body).map((field) => [route as keyof typeof valid, field] as const),
);

async function rowCounts() {
  const db = t.db.db;
  return {
    users: await db.$count(users),
    sessions: await db.$count(sessions),
    resets: await db.$count(passwordResets),
    rateLimits: await db.$count(rateLimits),
  };
}

describe('control characters in text fields', () => {
  it('every auth text field refuses them with a 400 naming the field, and writes nothing', async () => {
    const before = await rowCounts();
    let ip = 0;
    for (const [route, field] of fields) {
      for (const [label, char] of Object.entries(CONTROLS)) {
        const base: Record<string, string> = valid[route];
        const value = base[field] ?? '';
        const body = { ...base, [field]: `${value.slice(0, 3)}${char}${value.slice(3)}` };
        ip += 1;
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/auth/${route}`,
          payload: body,
          remoteAddress: `10.9.${ip >> 8}.${ip & 255}`,
        });
        const where = `${route}.${field} with ${label}`;
        expect(response.statusCode, where).toBe(400);
        expect(Object.keys(response.json().errors ?? {}), where).toEqual([field]);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('a NUL in the sign-up name is a 400, not a database error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'nul@example.com', password: 'correct-horse', name: 'Ada\u0000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'name: Must not contain control characters',
      errors: { name: 'Must not contain control characters' },
    });
  });

  it('still accepts ordinary Unicode', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'unicode@example.com', password: 'pässwörd 🔑', name: '  Ada Lovelace-Byron 😀 Ωμέγα  ' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.name).toBe('Ada Lovelace-Byron 😀 Ωμέγα');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'unicode@example.com', password: 'pässwörd 🔑' },
    });
    expect(login.statusCode).toBe(200);
  });
});
