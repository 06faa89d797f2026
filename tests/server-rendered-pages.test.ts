import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonProgress, lessons, reviews } from '#db/schema/index';
import { PAGE_SESSION_COOKIE } from '#shared/page-session';
import type { Principal } from '#tests/access-matrix.world';
import { addContent, bearer, createCourse, createUser, enroll, revokedSessionToken, type TestUser } from '#tests/factories';
import { percentEncode } from '#tests/fuzz/fuzz-request';
import { fuzzSettings } from '#tests/fuzz/fuzz-settings';
import { BAD_IDS, HOSTILE_STRINGS } from '#tests/fuzz/hostile-values';
import { createWriteGuard } from '#tests/fuzz/write-guard';
import { createTestApp, type TestApp } from '#tests/helpers/app';

/*
 * The pages the server draws (ADR 0019): Home and a course page for anyone, Learn for a signed-in
 * viewer, named by the page-session cookie. Runs against the built web app and its renderer
 * (`npm test` builds them first).
 */

const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
const LESSON_TEXT = 'Gradient descent walks downhill one small step at a time.';
const HOSTILE_TITLE = '</script><script>top.__xss=1</script><!-- \u2028 & "quoted"';

let t: TestApp;
let owner: TestUser;
let otherCreator: TestUser;
let admin: TestUser;
let student: TestUser;
let enrolled: TestUser;
let revokedToken: string;
let courseId: string;
let draftId: string;
let hostileId: string;

const cookie = (token: string) => ({ cookie: `${PAGE_SESSION_COOKIE}=${token}` });
const get = (url: string, headers: InjectOptions['headers'] = {}) => t.app.inject({ method: 'GET', url, headers });

/** The drawn page's parts: what #root holds, and the state the browser starts from (null: not drawn). */
function drawing(html: string) {
  const root = /<div id="root">([\s\S]*?)<\/div>\n\s*<script type="application\/json" id="page-state">/.exec(html);
  const state = /<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/.exec(html);
  return {
    // React separates adjacent text with empty comments.
    root: root?.[1]?.replaceAll('<!-- -->', '') ?? null,
    state: state?.[1] ? (JSON.parse(state[1]) as { signedIn: boolean; queries: [unknown[], unknown][] }) : null,
  };
}

beforeAll(async () => {
  if (!existsSync(path.join(distDir, 'ssr', 'entry-server.js'))) {
    throw new Error(`no page renderer in ${distDir}/ssr: run \`npm run build\` (npm test builds first)`);
  }
  // All of each second may go to drawing pages: a burst of first renders never falls back here.
  // No purge: it would delete the revoked session mid-way through the write-guarded fuzzing.
  t = await createTestApp({
    config: { webDir: path.join(distDir, 'web'), pageRenderMsPerSecond: 1000, purgeIntervalMs: Number.POSITIVE_INFINITY },
  });
  owner = await createUser(t.db.db, { role: 'creator', name: 'Olive Owner' });
  otherCreator = await createUser(t.db.db, { role: 'creator' });
  admin = await createUser(t.db.db, { role: 'admin' });
  student = await createUser(t.db.db, { name: 'Sam Student' });
  enrolled = await createUser(t.db.db, { name: 'Erin Enrolled' });

  const course = await createCourse(t.db.db, owner.id, {
    title: 'Optimisation for Humans',
    description: '<p>Why <strong>slopes</strong> matter.</p>',
  });
  courseId = course.id;
  const content = await addContent(t.db.db, courseId, { lessonCount: 1, quizCount: 1 });
  await t.db.db
    .update(lessons)
    .set({ content: `<p>${LESSON_TEXT}</p>` })
    .where(eq(lessons.id, content.lessons[0]?.id ?? ''));
  await enroll(t.db.db, enrolled.id, courseId);
  draftId = (await createCourse(t.db.db, owner.id, { title: 'Unreleased Draft Course', published: false })).id;
  hostileId = (
    await createCourse(t.db.db, owner.id, {
      title: HOSTILE_TITLE,
      description: '<p>Fine</p><img src="x" onerror="top.__xss=2"><script>top.__xss=3</script>',
    })
  ).id;

  revokedToken = await revokedSessionToken(t.app, owner);
});
afterAll(async () => {
  await t?.close();
});

describe('pages drawn for anyone', () => {
  it("draws Home with the catalogue the API lists, and hands the browser the API's own answer", async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers.vary)).toContain('cookie');
    const { root, state } = drawing(response.body);
    expect(root).toContain('Popular AI Courses');
    expect(root).toContain('Optimisation for Humans');
    expect(root).not.toContain('Unreleased Draft Course');
    expect(state?.signedIn).toBe(false);
    // The All tab's first dozen; the other tabs' lists are fetched when they open.
    const lists = state?.queries.filter(([key]) => key[0] === '/api/courses' && key[1] === 'list');
    expect(lists?.map(([key]) => key)).toEqual([['/api/courses', 'list', { limit: 12 }]]);
    expect(lists?.[0]?.[1]).toEqual((await get('/api/courses?limit=12')).json());
    // The code loads after first paint: no module script or preload in the HTML itself, but the
    // loader, which the CSP lets run by its hash (and no other inline script but the theme's).
    expect(response.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(response.body).toContain('id="page-code"');
    // Home is for reading: its code runs at the visitor's first sign of use (docs/performance.md, First paint).
    expect(JSON.parse(/id="page-code">([^<]*)</.exec(response.body)?.[1] ?? '{}')).toMatchObject({ start: 'engaged' });
    const loader = /<script>([^<]*__pressedBeforeApp[^<]*)<\/script>/.exec(response.body)?.[1] ?? '';
    const loaderHash = createHash('sha256').update(loader).digest('base64');
    const scriptSrc = /script-src ([^;]+)/.exec(String(response.headers['content-security-policy']))?.[1]?.split(' ');
    expect(scriptSrc).toContain(`'sha256-${loaderHash}'`);
    // 'self', 'wasm-unsafe-eval' (Python in the browser, ADR 0053), the theme's hash and the loader's.
    expect(scriptSrc).toHaveLength(4);
  });

  it("sends a search's old address on Home to the search page, with its whole query", async () => {
    const moved = await get('/?q=optimisation&difficulty=Beginner');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/courses?q=optimisation&difficulty=Beginner');
    // Any other query is still Home.
    expect(drawing((await get('/?from=newsletter')).body).root).toContain('Popular AI Courses');
  });

  it("draws a course page with its title as the page's title, and the viewer's own state", async () => {
    const asGuest = await get(`/course/${courseId}`);
    expect(asGuest.body).toContain('<title>Optimisation for Humans | Gradient Academy</title>');
    const guestPage = drawing(asGuest.body);
    expect(guestPage.root).toContain('Why <strong>slopes</strong> matter.');
    expect(guestPage.root).toContain('Enroll for Free');
    expect(guestPage.root).toContain('Sign Up');

    const asEnrolled = await get(`/course/${courseId}`, cookie(enrolled.token));
    expect(asEnrolled.headers['cache-control']).toBe('no-store');
    const enrolledPage = drawing(asEnrolled.body);
    expect(enrolledPage.state?.signedIn).toBe(true);
    expect(enrolledPage.root).toContain('Enrolled');
    expect(enrolledPage.root).not.toContain('Enroll for Free');
    expect(enrolledPage.root).not.toContain('Sign Up');

    const asOwner = drawing((await get(`/course/${courseId}`, cookie(owner.token))).body);
    expect(asOwner.root).toContain('You created this course.');
  });

  it("never draws a draft for anyone but its creator, nor names it in a stranger's page: to them it is a 404", async () => {
    for (const token of [null, student.token, otherCreator.token, revokedToken]) {
      const response = await get(`/course/${draftId}`, token ? cookie(token) : {});
      expect(response.statusCode).toBe(404);
      expect(drawing(response.body).state).toBeNull();
      expect(response.body).not.toContain('Unreleased Draft Course');
      // Still the app for a course page: its creator, signed in without the cookie, sees the draft there.
      expect(response.body).toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
      expect(response.body).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/course-detail-/);
    }
    const asOwner = await get(`/course/${draftId}`, cookie(owner.token));
    expect(asOwner.statusCode).toBe(200);
    expect(drawing(asOwner.body).root).toContain('Unreleased Draft Course');
  });

  it('answers 404 to an address that names nothing: an unknown or malformed id, a student as an instructor', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const url of [
      `/course/${unknown}`,
      '/course/x',
      `/instructors/${student.id}`,
      `/instructors/${unknown}`,
      '/instructors/x',
      `/course/${unknown}/learn`,
      '/course/x/learn',
      `/course/${courseId}/learn/x`,
      `/course/${draftId}/preview`,
      `/checkout/${unknown}`,
      '/checkout/x',
      `/certificates/${unknown}`,
      '/creator/courses/x/edit',
      '/creator/modules/x/build',
      '/no-such-page',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(drawing(response.body).state, url).toBeNull();
    }
    // A signed-in student's cookie changes nothing for a course that does not exist.
    expect((await get(`/course/${unknown}`, cookie(student.token))).statusCode).toBe(404);
    for (const url of [
      `/course/${courseId}`,
      `/instructors/${owner.id}`,
      `/checkout/${courseId}`,
      `/course/${courseId}/learn`,
      `/course/${courseId}/learn/${unknown}`,
      // The studio's pages are their creator's: an id of the right form is left to the browser.
      `/creator/courses/${unknown}/edit`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it("keeps a course's text inert: escaped in the HTML, the title and the page's state, and sanitized", async () => {
    const response = await get(`/course/${hostileId}`);
    const { root, state } = drawing(response.body);
    expect(root).not.toBeNull();
    expect(response.body).not.toContain('<script>top.__xss');
    const stateJson = /id="page-state">([\s\S]*?)<\/script>/.exec(response.body)?.[1] ?? '';
    expect(stateJson).not.toMatch(/[<>\u2028\u2029]/);
    // The state carries the API's answer as JSON (its `<` escaped); the drawing carries no handler.
    expect(root).not.toMatch(/onerror|<script/i);
    expect(response.body.replace(/<script type="application\/json" id="page-state">[\s\S]*?<\/script>/, '')).not.toMatch(
      /onerror/i,
    );
    expect(response.body).toContain('<title>&lt;/script&gt;&lt;script&gt;top.__xss=1&lt;/script&gt;');
    const course = state?.queries.find(([key]) => key[0] === '/api/courses' && key[1] === hostileId)?.[1] as { title: string };
    expect(course.title).toBe(HOSTILE_TITLE);
    // The stored description is still hostile (written past the API's sanitizer): the drawing is not.
    expect(root).toContain('<p>Fine</p>');
  });

  it('answers a page it drew with the same ETag by 304, and compresses it as asked', async () => {
    const first = await get(`/course/${courseId}`);
    const etag = String(first.headers.etag);
    expect((await get(`/course/${courseId}`, { 'if-none-match': etag })).statusCode).toBe(304);
    const brotli = await get(`/course/${courseId}`, { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(first.body);
    const gzip = await get(`/course/${courseId}`, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
  });

  it('draws a course anew once it changes, and once the viewer enrolls', async () => {
    const before = drawing((await get(`/course/${courseId}`)).body).root;
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/courses/${courseId}`,
      headers: bearer(owner),
      payload: { title: 'Optimisation for Everyone' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = drawing((await get(`/course/${courseId}`)).body).root;
    expect(before).toContain('Optimisation for Humans');
    expect(after).toContain('Optimisation for Everyone');

    const newcomer = await createUser(t.db.db);
    expect(drawing((await get(`/course/${courseId}`, cookie(newcomer.token))).body).root).toContain('Enroll for Free');
    await enroll(t.db.db, newcomer.id, courseId);
    expect(drawing((await get(`/course/${courseId}`, cookie(newcomer.token))).body).root).not.toContain('Enroll for Free');
  });
});

describe('what crawlers and link previews read (issue 23 §4)', () => {
  /** The content of `<meta {attribute}="{key}">`, HTML entities undone. */
  const metaOf = (html: string, attribute: 'name' | 'property', key: string) =>
    new RegExp(`<meta ${attribute}="${key.replace(':', '\\:')}" content="([^"]*)" />`)
      .exec(html)?.[1]
      ?.replaceAll('&quot;', '"')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');

  it('a course page has its own description, canonical address, Open Graph and Twitter tags, and Course JSON-LD', async () => {
    const { body } = await get(`/course/${courseId}`);
    const base = t.app.config.publicUrl;
    expect(body.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaOf(body, 'name', 'description')).toBe('Why slopes matter.');
    expect(body).toContain(`<link rel="canonical" href="${base}/course/${courseId}" />`);
    const { title } = (await get(`/api/courses/${courseId}`)).json() as { title: string };
    expect(metaOf(body, 'property', 'og:title')).toBe(`${title} | Gradient Academy`);
    expect(metaOf(body, 'property', 'og:url')).toBe(`${base}/course/${courseId}`);
    expect(metaOf(body, 'property', 'og:description')).toBe('Why slopes matter.');
    expect(metaOf(body, 'name', 'twitter:card')).toBe('summary');
    expect(metaOf(body, 'name', 'robots')).toBeUndefined();
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body)?.[1];
    expect(JSON.parse(jsonLd ?? 'null')).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: title,
      inLanguage: 'en',
      provider: { '@type': 'Organization', name: 'Gradient Academy' },
      offers: { '@type': 'Offer', price: '0.00', priceCurrency: 'USD', category: 'Free' },
    });
  });

  it("a course's rating reaches its JSON-LD, and hostile text stays inert in every tag", async () => {
    await t.db.db.insert(reviews).values([
      { courseId: hostileId, userId: student.id, rating: 5 },
      { courseId: hostileId, userId: enrolled.id, rating: 4 },
    ]);
    const { body } = await get(`/course/${hostileId}`);
    expect(body).not.toContain('</script><script>top.__xss');
    expect(metaOf(body, 'property', 'og:title')).toBe(`${HOSTILE_TITLE} | Gradient Academy`);
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body)?.[1] ?? '';
    expect(jsonLd).not.toContain('<');
    expect(JSON.parse(jsonLd)).toMatchObject({
      name: HOSTILE_TITLE,
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 2 },
    });
    // The drawn page states the average as a number beside one star; the five-star rows (half stars
    // included) are the reviews section's, which the browser draws after the page (course-detail.tsx).
    expect(body).toMatch(/Rated <\/span>(<!-- -->)?4\.5/);
    expect(body).not.toContain('Student reviews');
  });

  it("a person's own pages, the studio and the sign-in forms say noindex in a header; catalogue pages do not", async () => {
    for (const url of [
      '/account',
      '/my-courses',
      '/purchases',
      '/cart',
      '/creator/dashboard',
      `/checkout/${courseId}`,
      '/login',
      `/course/${courseId}/learn`,
    ]) {
      expect((await get(url)).headers['x-robots-tag'], url).toBe('noindex');
    }
    for (const url of ['/', `/course/${courseId}`, '/?from=slopes']) {
      expect((await get(url)).headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it("pages for reading drawn for a guest go without Cross-Origin-Opener-Policy; a viewer's pages and every other page keep it (ADR 0034)", async () => {
    const COOP = 'cross-origin-opener-policy';
    const instructor = `/instructors/${owner.id}`;
    for (const url of ['/', `/course/${courseId}`, '/courses?q=slopes', instructor]) {
      const guest = await get(url);
      expect(drawing(guest.body).root, url).not.toBeNull();
      expect(guest.headers[COOP], url).toBeUndefined();
      // A cookie that names no live session is a guest's: the page is the guest's, and so is the header.
      expect((await get(url, cookie(revokedToken))).headers[COOP], url).toBeUndefined();
      const viewer = await get(url, cookie(student.token));
      expect(drawing(viewer.body).state?.signedIn, url).toBe(true);
      expect(viewer.headers[COOP], url).toBe('same-origin');
    }
    for (const url of ['/login', '/account', `/checkout/${courseId}`, '/creator/dashboard', '/no-such-page']) {
      expect((await get(url)).headers[COOP], url).toBe('same-origin');
    }
    expect((await get(`/course/${courseId}/learn`, cookie(enrolled.token))).headers[COOP]).toBe('same-origin');
    expect((await get('/api/courses')).headers[COOP]).toBe('same-origin');
  });

  it('a draft drawn for its creator, and Learn, are noindex; Home has the site description', async () => {
    const draft = await get(`/course/${draftId}`, cookie(owner.token));
    expect(metaOf(draft.body, 'name', 'robots')).toBe('noindex');
    const learn = await get(`/course/${courseId}/learn`, cookie(enrolled.token));
    expect(drawing(learn.body).root).not.toBeNull();
    // Learn counts what is watched: its code runs as soon as it shows.
    expect(JSON.parse(/id="page-code">([^<]*)</.exec(learn.body)?.[1] ?? '{}')).toMatchObject({ start: 'shown' });
    expect(metaOf(learn.body, 'name', 'robots')).toBe('noindex');
    const home = await get('/');
    expect(metaOf(home.body, 'name', 'description')).toMatch(/^Master artificial intelligence/);
    expect(home.body).toContain(`<link rel="canonical" href="${t.app.config.publicUrl}/" />`);
    expect(metaOf(home.body, 'name', 'robots')).toBeUndefined();
  });
});

describe("the Learn page, drawn only with what the viewer's calls may read", () => {
  /** Whether the page came drawn, and whether the lesson's text is anywhere in it. */
  type Seen = { drawn: boolean; lesson: boolean };
  // The access matrix's columns (tests/access-matrix.world.ts).
  const expected: Record<Principal, Seen> = {
    guest: { drawn: false, lesson: false },
    student: { drawn: false, lesson: false },
    enrolled: { drawn: true, lesson: true },
    otherCreator: { drawn: false, lesson: false },
    // The page asks whether the viewer may have a certificate, which the API refuses the course's own
    // creator (403): a page whose calls fail is the browser's to draw, as it always was.
    owner: { drawn: false, lesson: false },
    revoked: { drawn: false, lesson: false },
    admin: { drawn: false, lesson: false },
  };

  it.each(Object.entries(expected) as [Principal, Seen][])('%s', async (principal, seen) => {
    const tokens: Record<Principal, string | null> = {
      guest: null,
      student: student.token,
      enrolled: enrolled.token,
      otherCreator: otherCreator.token,
      owner: owner.token,
      revoked: revokedToken,
      admin: admin.token,
    };
    const token = tokens[principal];
    const response = await get(`/course/${courseId}/learn`, token ? cookie(token) : {});
    expect(response.statusCode).toBe(200);
    const { root, state } = drawing(response.body);
    expect({ drawn: state !== null, lesson: response.body.includes(LESSON_TEXT) }).toEqual(seen);
    if (seen.drawn) {
      expect(state?.signedIn).toBe(true);
      expect(root).toContain('Lesson 1');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('hostile or huge rich text', () => {
  /** A course with one module of `slides`, and a student enrolled in it. */
  async function courseWithSlides(slides: string[]) {
    const course = await createCourse(t.db.db, owner.id, { title: 'Heavy reading' });
    const content = await addContent(t.db.db, course.id, { lessonCount: slides.length, quizCount: 0 });
    for (const [index, lesson] of content.lessons.entries()) {
      // Written past the API, as an import or an old row would be.
      await t.db.db.update(lessons).set({ content: slides[index] }).where(eq(lessons.id, lesson.id));
    }
    const learner = await createUser(t.db.db);
    await enroll(t.db.db, learner.id, course.id);
    return { courseId: course.id, moduleId: content.module.id, learner };
  }

  it('shows a slide nested 66,000 deep as its text, sanitized once when loaded and never per view', async () => {
    const deep = `${'<b>'.repeat(66_000)}Deeply nested words${'</b>'.repeat(66_000)}`;
    const { courseId: heavyId, moduleId, learner } = await courseWithSlides([deep]);
    const slides = (await get(`/api/modules/${moduleId}/lessons`, bearer(learner))).json() as { content: string }[];
    expect(slides[0]?.content).toBe('<p>Deeply nested words</p>');
    const page = await get(`/course/${heavyId}/learn`, cookie(learner.token));
    expect(drawing(page.body).root).toContain('<p>Deeply nested words</p>');
    expect(page.body).not.toContain('<b><b>');
  });

  it('leaves a page whose calls answer more than a drawing may hold to the browser', async () => {
    const slide = `<p>${'Gradient descent, one step at a time. '.repeat(4_000)}</p>`;
    const { courseId: heavyId, learner } = await courseWithSlides(Array.from({ length: 8 }, () => slide));
    const page = await get(`/course/${heavyId}/learn`, cookie(learner.token));
    expect(page.statusCode).toBe(200);
    expect(drawing(page.body).state).toBeNull();
    // With a module of one such slide it is drawn as usual.
    const { courseId: lightId, learner: reader } = await courseWithSlides([slide]);
    expect(drawing((await get(`/course/${lightId}/learn`, cookie(reader.token))).body).state).not.toBeNull();
  });
});

describe('the page-session cookie', () => {
  it('is never a credential for the API: reads and writes with the cookie alone are refused', async () => {
    const me = await get('/api/auth/me', cookie(enrolled.token));
    expect(me.statusCode).toBe(401);
    expect((await get(`/api/courses/${courseId}/progress`, cookie(enrolled.token))).statusCode).toBe(401);
    const lessonId = (await t.db.db.select({ id: lessons.id }).from(lessons).limit(1))[0]?.id ?? '';
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/progress',
      headers: cookie(enrolled.token),
      payload: { lessonId, completed: true, completedAt: new Date().toISOString() },
    });
    expect(write.statusCode).toBe(401);
    expect(await t.db.db.select().from(lessonProgress).where(eq(lessonProgress.lessonId, lessonId))).toEqual([]);
  });

  it('draws a guest page for a cookie that is not one live token, and never fails on one', async () => {
    const hostile = [
      `${PAGE_SESSION_COOKIE}=${revokedToken}`,
      `${PAGE_SESSION_COOKIE}=${enrolled.token}x`,
      `${PAGE_SESSION_COOKIE}=<script>`,
      `${PAGE_SESSION_COOKIE}=${'a'.repeat(43)}`,
      `${PAGE_SESSION_COOKIE}=${enrolled.token}; ${PAGE_SESSION_COOKIE}=${student.token}`,
      `${PAGE_SESSION_COOKIE}=${enrolled.token}; ${PAGE_SESSION_COOKIE}=${enrolled.token}`,
      `x=${'y'.repeat(9000)}; ${PAGE_SESSION_COOKIE}=${enrolled.token}`,
      `${PAGE_SESSION_COOKIE}=\u0000\u0001; other=1`,
      '; ; ===; =;',
    ];
    for (const header of hostile) {
      for (const url of ['/', `/course/${courseId}`, `/course/${courseId}/learn`]) {
        const response = await get(url, { cookie: header });
        expect(response.statusCode, `${url} with ${header.slice(0, 60)}`).toBe(200);
        expect(drawing(response.body).state?.signedIn ?? false).toBe(false);
        expect(response.body).not.toContain(LESSON_TEXT);
      }
    }
  });
});

describe('a crowd', () => {
  it('of guests asking for one new page gets one drawing, the same for all', async () => {
    // An address not drawn before, so the crowd finds nothing kept.
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('/?from=crowd')));
    const bodies = new Set(answers.map((answer) => answer.body));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(bodies.size).toBe(1);
    expect(drawing([...bodies][0] ?? '').root).toContain('Optimisation for');
  });

  it("of students opening their own pages at once gets two drawings at a time; the others are the browser's to draw", async () => {
    const students = await Promise.all(Array.from({ length: 8 }, () => createUser(t.db.db)));
    for (const one of students) await enroll(t.db.db, one.id, courseId);
    const answers = await Promise.all(students.map((one) => get(`/course/${courseId}/learn`, cookie(one.token))));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const drawn = answers.filter((answer) => drawing(answer.body).state !== null).length;
    // Two at a time: a third is drawn only when one of the first ended before the last request reached
    // the gate (a loaded machine spreads their arrival), never all of them.
    expect(drawn).toBeGreaterThanOrEqual(1);
    expect(drawn).toBeLessThan(students.length / 2);
    // One at a time, each is drawn.
    for (const one of students) {
      expect(drawing((await get(`/course/${courseId}/learn`, cookie(one.token))).body).root).toContain(LESSON_TEXT);
    }
  });
});

describe('when the server may not spend time drawing', () => {
  it('sends every page undrawn for the browser to draw, as before', async () => {
    const quiet = await createTestApp({ db: t.db, config: { webDir: path.join(distDir, 'web'), pageRenderMsPerSecond: 0 } });
    try {
      for (const [url, token] of [
        ['/', null],
        [`/course/${courseId}`, null],
        [`/course/${courseId}/learn`, enrolled.token],
      ] as const) {
        const response = await quiet.app.inject({ method: 'GET', url, headers: token ? cookie(token) : {} });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('<div id="root"></div>');
        expect(response.body).toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
        expect(response.body).not.toContain(LESSON_TEXT);
      }
    } finally {
      await quiet.close();
    }
  });
});

/** What an HTTP client can send as a header's value at all (Node refuses the rest before any route). */
const isHeaderValue = (value: string) =>
  [...value].every(
    (character) =>
      character === '\t' || (character >= ' ' && character <= '~') || (character >= '\u0080' && character <= '\u00ff'),
  );

describe('pages fuzzed: addresses, queries and cookies', () => {
  it('never fails, never hangs, never writes, and never draws a lesson for a stranger', async () => {
    const { seed, runs } = fuzzSettings();
    const guard = await createWriteGuard(t.db);
    await guard.reset();
    const segment = fc.oneof(
      fc.constantFrom(courseId, draftId, hostileId, ...BAD_IDS),
      fc.string({ maxLength: 40 }).map(percentEncode),
      fc.constantFrom(...HOSTILE_STRINGS).map(percentEncode),
    );
    const address = fc.oneof(
      fc.constant('/'),
      segment.map((id) => `/course/${id}`),
      segment.map((id) => `/course/${id}/learn`),
      fc.array(segment, { maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
    );
    const query = fc.option(
      fc
        .array(fc.tuple(fc.constantFrom('q', 'tab', 'x', '__proto__'), segment), { maxLength: 3 })
        .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
      { nil: '' },
    );
    const cookieHeader = fc.option(
      fc
        .oneof(
          fc.constantFrom(student.token, otherCreator.token, revokedToken).map((token) => `${PAGE_SESSION_COOKIE}=${token}`),
          fc.string({ maxLength: 80 }).map((value) => `${PAGE_SESSION_COOKIE}=${value}`),
          fc.constantFrom(...HOSTILE_STRINGS),
        )
        .filter(isHeaderValue),
      { nil: undefined },
    );
    let requests = 0;
    await fc.assert(
      fc.asyncProperty(address, query, cookieHeader, async (path, search, cookieValue) => {
        requests++;
        const response = await get(`${path}${search}`, cookieValue === undefined ? {} : { cookie: cookieValue });
        expect(response.statusCode, `${path}${search}`).toBeLessThan(500);
        expect(response.body).not.toContain(LESSON_TEXT);
        // A session's use is stamped seconds later in one batched write (lib/session-activity.ts), whatever
        // request is in flight then: that stamp is the one write a page may cause.
        const wrote = (await guard.changedTables()).filter((table) => table !== 'session_activity');
        expect(wrote, `${path}${search} wrote`).toEqual([]);
      }),
      { seed, numRuns: Math.max(runs, 200) },
    );
    await guard.close();
    expect(requests).toBeGreaterThanOrEqual(200);
  });
});
