import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { CREATOR_INVITE, engage, expect, test, uniqueEmail } from './fixtures';

/*
 * Issue 8's JavaScript budget: the first load of Home, Course detail and Learn is at most 120 KB of
 * gzip (KB = 1024 bytes, level 9, as the issue measured Learn's 206 KB), and never holds the editor
 * (Tiptap) or a builder. "First load" is what the built manifest says a visit needs before the page can
 * show: index.html's scripts, its entry and its static imports, plus the page's lazy chunk and its static imports.
 * Each page is then opened in Chromium on a cold cache, to check that the browser fetches nothing else
 * but the chunks deliberately left for after first paint (the HTML sanitizer).
 */

const BUDGET_BYTES = 120 * 1024;
const FORBIDDEN = /tiptap|prosemirror|editor|builder/i;
const webDir = path.resolve(process.env.DIST_DIR ?? 'dist', 'web');

type ManifestChunk = { file: string; src?: string; name?: string; isEntry?: boolean; imports?: string[] };
const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

function withStaticImports(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  into.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  return into;
}

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
/**
 * Chunks a page may fetch after its first paint, which do not count: the sanitizer (src/web/lib/sanitize.ts)
 * the connection notice (src/web/components/connection-notice.tsx), a course's reviews, below its fold
 * (src/web/features/reviews/components/course-reviews.tsx), what the cart holds, which only the
 * browser knows: the top bar's count and the Add to cart buttons' state (src/web/components/layouts/cart-count.tsx,
 * src/web/components/cart-toggle.tsx; ADR 0031), a course page's bar for phones, which watches the
 * screen (src/web/features/catalog/components/pinned-course-actions.tsx), and the questions under a
 * slide, once the learner nears them (src/web/features/discussions/components/lesson-questions.tsx).
 */
const AFTER_FIRST_PAINT = [
  'sanitize',
  'connection-notice',
  'course-reviews',
  'cart-count',
  'cart-toggle',
  'pinned-course-actions',
  'lesson-questions',
];
const afterFirstPaint = new Set(
  AFTER_FIRST_PAINT.flatMap((name) => {
    const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.name === name);
    if (!key) throw new Error(`no ${name} chunk in the build manifest`);
    return [...withStaticImports(key)].map((chunk) => manifest[chunk]?.file);
  }),
);

/** index.html's classic scripts, which run before the entry (none since the theme bootstrap is inline, in the HTML). */
const classicScripts = [
  ...readFileSync(path.join(webDir, 'index.html'), 'utf8').matchAll(/<script src="\/([^"]+)"><\/script>/g),
].map((match) => match[1] ?? '');

function firstLoad(pageModule: string) {
  if (!entryKey) throw new Error('no entry in the build manifest');
  const keys = withStaticImports(pageModule, withStaticImports(entryKey));
  const files = [...classicScripts, ...[...keys].map((key) => manifest[key]?.file ?? key)];
  const names = [...keys].map((key) => `${key} ${manifest[key]?.file}`);
  return { files, names, bytes: files.reduce((sum, file) => sum + gzipSize(file), 0) };
}

/**
 * Every script the browser requests while opening `url` on a cold cache, until the page shows, its
 * visitor engages (a page for reading loads its code only then, docs/performance.md, First paint) and it settles.
 */
async function scriptsFetched(browser: Browser, url: string, token: string | null, shownText: string) {
  const context = await browser.newContext();
  if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();
  const scripts: Promise<{ file: string; transferred: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    const file = new URL(request.url()).pathname.slice(1);
    // A script finishing as the context closes has no sizes left to read: its rejection, unhandled,
    // ended the test while the next page opened ("browserContext.newPage: Test ended", CI's first tries).
    scripts.push(
      request.sizes().then(
        (sizes) => ({ file, transferred: sizes.responseBodySize }),
        () => ({ file, transferred: 0 }),
      ),
    );
  });
  await page.goto(url);
  await expect(page.getByText(shownText).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await engage(page);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  const fetched = await Promise.all(scripts);
  await context.close();
  return fetched;
}

test('the first load of Home, Course detail, Course search and Learn fits in 120 KB of gzip JavaScript, without the editor', async ({
  browser,
  request,
}) => {
  // A published free course with one text lesson, and a student enrolled in it.
  const creator = await request.post('/api/auth/signup', {
    data: {
      email: uniqueEmail('budget-creator'),
      password: 'budget-pass-1',
      name: 'Bud Get',
      role: 'creator',
      inviteCode: CREATOR_INVITE,
    },
  });
  const creatorToken = ((await creator.json()) as { token: string }).token;
  const asCreator = async (url: string, data?: object) => {
    const response = await request.post(url, { headers: { authorization: `Bearer ${creatorToken}` }, ...(data ? { data } : {}) });
    expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
    return (await response.json()) as { id: string };
  };
  const course = await asCreator('/api/courses', {
    title: 'Budgets in Practice',
    description: '<p>Every byte counts.</p>',
    price: '0',
  });
  const module = await asCreator(`/api/courses/${course.id}/modules`, { title: 'Measuring' });
  await asCreator(`/api/modules/${module.id}/lessons`, {
    title: 'Gzip',
    type: 'text',
    content: '<p>Compressed bytes on the wire.</p>',
  });
  await asCreator(`/api/courses/${course.id}/publish`);
  const student = await request.post('/api/auth/signup', {
    data: { email: uniqueEmail('budget-student'), password: 'budget-pass-1', name: 'Stu Dent' },
  });
  const studentToken = ((await student.json()) as { token: string }).token;
  const enrolled = await request.post('/api/enroll-free', {
    headers: { authorization: `Bearer ${studentToken}` },
    data: { courseId: course.id },
  });
  expect(enrolled.ok(), await enrolled.text()).toBe(true);

  const pages = [
    { name: 'Home', url: '/', module: 'app/routes/catalog/home.tsx', token: null, shown: 'Popular AI Courses' },
    {
      name: 'Course detail',
      url: `/course/${course.id}`,
      module: 'app/routes/catalog/course-detail.tsx',
      token: null,
      shown: 'Every byte counts.',
    },
    {
      name: 'Course search',
      url: '/courses?q=bytes&difficulty=Beginner',
      module: 'app/routes/catalog/course-search.tsx',
      token: null,
      shown: 'Results for “bytes”',
    },
    {
      name: 'Learn',
      url: `/course/${course.id}/learn`,
      module: 'app/routes/learn/learn.tsx',
      token: studentToken,
      shown: 'Compressed bytes on the wire.',
    },
  ];

  console.log(`JavaScript budget (${kb(BUDGET_BYTES)} gzip a page):`);
  for (const { name, url, module: pageModule, token, shown } of pages) {
    const load = firstLoad(pageModule);
    const fetched = await scriptsFetched(browser, url, token, shown);
    const later = fetched.filter(({ file }) => !load.files.includes(file));
    const laterBytes = later.reduce((sum, { file }) => sum + gzipSize(file), 0);
    const transferred = fetched.reduce((sum, { transferred: bytes }) => sum + bytes, 0);
    console.log(
      `${name.padEnd(14)} first load ${kb(load.bytes).padStart(9)} gzip in ${load.files.length} files` +
        ` | after first paint ${kb(laterBytes)} (${later.map(({ file }) => file).join(', ') || 'nothing'})` +
        ` | as served ${kb(transferred)} (the server's own compression)`,
    );

    expect
      .soft(
        load.names.filter((chunk) => FORBIDDEN.test(chunk)),
        `${name}: editor or builder code in the first load`,
      )
      .toEqual([]);
    expect.soft(load.bytes, `${name}: first load ${kb(load.bytes)} of gzip JavaScript`).toBeLessThanOrEqual(BUDGET_BYTES);
    // The manifest's account is the browser's: every other script is one meant for after first paint.
    expect
      .soft(
        later.map(({ file }) => file).filter((file) => !afterFirstPaint.has(file)),
        `${name}: unexpected scripts`,
      )
      .toEqual([]);
    expect
      .soft(
        fetched.map(({ file }) => file).filter((file) => FORBIDDEN.test(file)),
        `${name}: editor fetched`,
      )
      .toEqual([]);
  }
});

/**
 * Issue 40: each language is its own build (ADR 0062), with its own manifest; its pages are held to the
 * same budget, and carry their own language's messages and no other's (the skip link's, in the entry).
 */
test('every language: the same pages fit in 120 KB, each with its own language only', () => {
  const skipLink = { en: 'Skip to content', es: 'Saltar al contenido', de: 'Zum Inhalt springen', ar: 'انتقل إلى المحتوى' };
  const modules = ['catalog/home', 'catalog/course-detail', 'catalog/course-search', 'learn/learn'];
  const lines: string[] = [];
  for (const [locale, own] of Object.entries(skipLink)) {
    const file = locale === 'en' ? 'manifest.json' : `manifest.${locale}.json`;
    const localeManifest = JSON.parse(readFileSync(path.join(webDir, '.vite', file), 'utf8')) as Record<string, ManifestChunk>;
    const chunksOf = (key: string, into = new Set<string>()): Set<string> => {
      if (into.has(key) || !localeManifest[key]) return into;
      into.add(key);
      for (const imported of localeManifest[key].imports ?? []) chunksOf(imported, into);
      return into;
    };
    const entry = Object.keys(localeManifest).find((key) => localeManifest[key]?.isEntry) ?? '';
    for (const pageModule of modules) {
      const files = [...chunksOf(`app/routes/${pageModule}.tsx`, chunksOf(entry))].map((key) => localeManifest[key]?.file ?? key);
      const bytes = files.reduce((sum, chunk) => sum + gzipSize(chunk), 0);
      lines.push(`${locale} ${pageModule.padEnd(22)} ${kb(bytes)}`);
      expect.soft(bytes, `${locale} ${pageModule}: first load ${kb(bytes)} of gzip JavaScript`).toBeLessThanOrEqual(BUDGET_BYTES);
      const code = files.map((chunk) => readFileSync(path.join(webDir, chunk), 'utf8')).join('\n');
      expect.soft(code.includes(own), `${locale} ${pageModule}: its own skip link`).toBe(true);
      for (const [other, text] of Object.entries(skipLink)) {
        if (other !== locale) expect.soft(code.includes(text), `${locale} ${pageModule}: ${other}'s skip link`).toBe(false);
      }
    }
  }
  console.log(`First loads per language:\n${lines.join('\n')}`);
});
