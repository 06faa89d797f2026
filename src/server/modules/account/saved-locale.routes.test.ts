import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema/index';
import { createUser, FACTORY_PASSWORD } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

/* The saved language (docs/product.md, Languages): on the user JSON, changed by PATCH /api/auth/me, set at sign-up. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
async function call(method: InjectOptions['method'], url: string, token: string | null, payload?: object) {
  ipCounter += 1;
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: `10.41.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
    ...(payload ? { payload } : {}),
  });
}

const me = async (token: string) => (await call('GET', '/api/auth/me', token)).json();
const savedLocale = async (id: string) =>
  (await t.db.db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]?.locale;

describe('PATCH /api/auth/me { locale }', () => {
  it('saves the language, which the cached session and the next sign-in show at once, and forgets it with null', async () => {
    const student = await createUser(t.db.db, { name: 'Lucía' });
    expect(await me(student.token)).toMatchObject({ id: student.id, locale: null });

    const saved = await call('PATCH', '/api/auth/me', student.token, { locale: 'es' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ id: student.id, email: student.email, name: 'Lucía', role: 'student', locale: 'es' });
    expect(await me(student.token)).toMatchObject({ locale: 'es', name: 'Lucía' });
    expect(await savedLocale(student.id)).toBe('es');
    const signedIn = await call('POST', '/api/auth/login', null, { email: student.email, password: FACTORY_PASSWORD });
    expect(signedIn.json().user).toMatchObject({ locale: 'es' });

    // The name alone leaves the language as it is; both change together.
    expect((await call('PATCH', '/api/auth/me', student.token, { name: 'Lucía P.' })).json()).toMatchObject({ locale: 'es' });
    expect((await call('PATCH', '/api/auth/me', student.token, { name: 'Lu', locale: 'ar' })).json()).toMatchObject({
      name: 'Lu',
      locale: 'ar',
    });
    expect(await me(student.token)).toMatchObject({ name: 'Lu', locale: 'ar' });

    expect((await call('PATCH', '/api/auth/me', student.token, { locale: null })).json()).toMatchObject({ locale: null });
    expect(await me(student.token)).toMatchObject({ locale: null });
    expect(await savedLocale(student.id)).toBeNull();
  });

  it('refuses an unknown language with a field error, an empty body, and a guest, changing nothing', async () => {
    const student = await createUser(t.db.db);
    await call('PATCH', '/api/auth/me', student.token, { locale: 'de' });
    for (const locale of ['fr', 'ES', 'es-MX', '', 7, ['es']]) {
      const refused = await call('PATCH', '/api/auth/me', student.token, { locale });
      expect(refused.statusCode, JSON.stringify(locale)).toBe(400);
      expect(refused.json().errors).toHaveProperty('locale');
    }
    // A bad language with a good name: nothing is written.
    expect((await call('PATCH', '/api/auth/me', student.token, { name: 'Kept?', locale: 'xx' })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/auth/me', student.token, {})).statusCode).toBe(400);
    expect(await me(student.token)).toMatchObject({ name: student.name, locale: 'de' });
    expect((await call('PATCH', '/api/auth/me', null, { locale: 'es' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/signup { locale }', () => {
  const signUp = (fields: object) =>
    call('POST', '/api/auth/signup', null, {
      email: `lang-${randomUUID().slice(0, 8)}@example.com`,
      password: 'correct-horse',
      name: 'Nadia',
      ...fields,
    });

  it('saves the language the page was in, none without one, and refuses an unknown one', async () => {
    const withLocale = await signUp({ locale: 'ar' });
    expect(withLocale.statusCode, withLocale.body).toBe(201);
    expect(withLocale.json().user).toMatchObject({ locale: 'ar' });
    expect(await savedLocale(withLocale.json().user.id)).toBe('ar');
    expect(await me(withLocale.json().token)).toMatchObject({ locale: 'ar' });

    const without = await signUp({});
    expect(without.json().user).toMatchObject({ locale: null });
    expect(await savedLocale(without.json().user.id)).toBeNull();

    const unknown = await signUp({ locale: 'klingon' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('locale');
  });
});
