import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema/index';
import { PAGE_SESSION_COOKIE } from '#shared/page-session';
import { createCourse, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

/*
 * The language a page is sent in (docs/product.md, Languages; ADR 0062): the address's `?lang=`, the
 * `locale` cookie, the signed-in viewer's saved language, `Accept-Language`, then English; the HTML of
 * that language's build, drawn in it, with `lang`, `dir`, `Vary`, canonical and `hreflang` to match,
 * and drawings kept per language. Runs against the built web app (`npm test` builds first).
 */

const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
let t: TestApp;
let saverOfSpanish: TestUser;
let courseId: string;

const get = (url: string, headers: InjectOptions['headers'] = {}) => t.app.inject({ method: 'GET', url, headers });
const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];
const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const signedIn = (user: TestUser) => `${PAGE_SESSION_COOKIE}=${user.token}`;

beforeAll(async () => {
  if (!existsSync(path.join(distDir, 'web', 'index.es.html'))) {
    throw new Error(`no Spanish build in ${distDir}/web: run \`npm run build\` (npm test builds first)`);
  }
  t = await createTestApp({ config: { webDir: path.join(distDir, 'web'), pageRenderMsPerSecond: 1000 } });
  const creator = await createUser(t.db.db, { role: 'creator', name: 'Lena Lingua' });
  courseId = (await createCourse(t.db.db, creator.id, { title: 'Attention in Many Tongues', published: true })).id;
  saverOfSpanish = await createUser(t.db.db, { name: 'Sara Saved' });
  await t.db.db.update(users).set({ locale: 'es' }).where(eq(users.id, saverOfSpanish.id));
});

afterAll(async () => {
  await t?.close();
});

describe('which language a page is sent in', () => {
  it('is English with nothing to go by', async () => {
    const response = await get('/');
    expect(htmlTag(response.body)).toBe('<html lang="en" dir="ltr">');
    expect(response.headers['content-language']).toBe('en');
  });

  it("follows Accept-Language's best known language, by q-value", async () => {
    expect(langOf((await get('/', { 'accept-language': 'fr-CA, de;q=0.8, es;q=0.9' })).body)).toBe('es');
    expect(langOf((await get('/', { 'accept-language': 'de-AT' })).body)).toBe('de');
  });

  it('takes the cookie over Accept-Language, and the address over the cookie', async () => {
    expect(langOf((await get('/', { cookie: 'locale=de', 'accept-language': 'es' })).body)).toBe('de');
    expect(langOf((await get('/?lang=ar', { cookie: 'locale=de', 'accept-language': 'es' })).body)).toBe('ar');
  });

  it("takes a signed-in viewer's saved language over Accept-Language, and the cookie over it", async () => {
    const saved = await get('/', { cookie: signedIn(saverOfSpanish), 'accept-language': 'de' });
    expect(langOf(saved.body)).toBe('es');
    const chosen = await get('/', { cookie: `${signedIn(saverOfSpanish)}; locale=ar`, 'accept-language': 'de' });
    expect(langOf(chosen.body)).toBe('ar');
    // Pages the browser draws follow it as well.
    expect(langOf((await get('/account', { cookie: signedIn(saverOfSpanish) })).body)).toBe('es');
  });

  it('passes over values it does not know', async () => {
    expect(langOf((await get('/?lang=zz', { cookie: 'locale=xx', 'accept-language': 'fr, de;q=0.5' })).body)).toBe('de');
    expect(langOf((await get('/?lang=<script>', { cookie: 'locale=%00', 'accept-language': 'q=1;;,*' })).body)).toBe('en');
    // The pseudo-locale is the tests' alone, where the server allows it.
    expect(langOf((await get('/', { cookie: 'locale=en-XA' })).body)).toBe('en');
  });

  it('draws Arabic right to left, and every page in the build of its language', async () => {
    const arabic = await get(`/course/${courseId}`, { cookie: 'locale=ar' });
    expect(arabic.statusCode).toBe(200);
    expect(htmlTag(arabic.body)).toBe('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('Attention in Many Tongues');
    // The description of a page without its own is the site's, in Spanish; the code is the Spanish build's.
    const spanish = await get('/creator/dashboard', { cookie: 'locale=es' });
    expect(spanish.body).toContain('Domina la inteligencia artificial');
    const spanishIndex = (await import('node:fs')).readFileSync(path.join(distDir, 'web', 'index.es.html'), 'utf8');
    const spanishEntry = /<script type="module"[^>]*src="([^"]+)"/.exec(spanishIndex)?.[1];
    expect(spanishEntry).toBeTruthy();
    expect(spanish.body).toContain(spanishEntry);
  });
});

describe('what a page says about its language', () => {
  it('varies by the cookie and Accept-Language', async () => {
    for (const url of ['/', `/course/${courseId}`, '/login']) {
      const vary = String((await get(url)).headers.vary).split(/,\s*/);
      expect(vary).toEqual(expect.arrayContaining(['accept-encoding', 'cookie', 'accept-language']));
    }
  });

  it("names each language's address, x-default, and its own as canonical", async () => {
    const page = (await get(`/course/${courseId}`, { cookie: 'locale=de' })).body;
    const base = `${t.app.config.publicUrl}/course/${courseId}`;
    const alternates = [...page.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map(
      ([, lang, href]) => [lang, href],
    );
    expect(alternates).toEqual([
      ['en', base],
      ['es', `${base}?lang=es`],
      ['de', `${base}?lang=de`],
      ['ar', `${base}?lang=ar`],
      ['x-default', base],
    ]);
    expect(page).toContain(`<link rel="canonical" href="${base}?lang=de" />`);
  });
});

describe('drawn pages kept per language', () => {
  it('never sends one language for another, one after the other or at once', async () => {
    const url = `/course/${courseId}`;
    const order = ['es', 'en', 'ar', 'es', 'de', 'en'];
    for (const locale of order) expect(langOf((await get(url, { cookie: `locale=${locale}` })).body)).toBe(locale);
    const together = await Promise.all(order.map((locale) => get(url, { cookie: `locale=${locale}` })));
    expect(together.map((response) => langOf(response.body))).toEqual(order);
    // The same language's page again is the same bytes; another's is not.
    const [first, again, other] = await Promise.all([
      get(url, { cookie: 'locale=es' }),
      get(url, { cookie: 'locale=es' }),
      get(url, { cookie: 'locale=de' }),
    ]);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });
});
