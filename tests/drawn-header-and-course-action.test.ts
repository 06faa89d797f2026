import { existsSync } from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SESSION_COOKIE } from '#shared/page-session';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

/*
 * What the server draws before a page's code arrives (ADR 0019) must already work: the header's Login
 * and Sign Up links come back to the page (`?next=`), and a course page names the learner's next step
 * by their progress. Runs against the built web app and its renderer (`npm run build` first).
 */

const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');

let t: TestApp;
let learner: TestUser;
let courseId: string;
let lessonIds: string[];

const get = (url: string, headers: InjectOptions['headers'] = {}) => t.app.inject({ method: 'GET', url, headers });
const asViewer = (user: TestUser) => ({ cookie: `${PAGE_SESSION_COOKIE}=${user.token}` });

/** What #root holds in the drawn page (React separates adjacent text with empty comments). */
function drawnRoot(html: string): string {
  const root = /<div id="root">([\s\S]*?)<\/div>\n\s*<script type="application\/json" id="page-state">/.exec(html)?.[1];
  if (root === undefined) throw new Error('the page was not drawn by the server');
  return root.replaceAll('<!-- -->', '');
}

/** The hrefs of the drawn header's links named `text`, as the browser would read them. */
function headerLinks(html: string, text: string): string[] {
  const header = /<header[\s\S]*?<\/header>/.exec(drawnRoot(html))?.[0] ?? '';
  return [...header.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)]
    .filter(([, , label]) => label === text)
    .map(([, href = '']) => href.replaceAll('&amp;', '&'));
}

/** The drawn course page's main action (the enrollment card's link or button), by its text. */
function courseActions(html: string): string[] {
  const aside = /<aside aria-label="Enrollment"[\s\S]*?<\/aside>/.exec(drawnRoot(html))?.[0] ?? '';
  return ['Start Course', 'Continue Course', 'Review Course', 'Enroll for Free'].filter((text) => aside.includes(text));
}

async function complete(user: TestUser, lessonId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/progress',
    headers: bearer(user),
    payload: { lessonId, completed: true, completedAt: new Date().toISOString() },
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  if (!existsSync(path.join(distDir, 'ssr', 'entry-server.js'))) {
    throw new Error(`no page renderer in ${distDir}/ssr: run \`npm run build\` first`);
  }
  t = await createTestApp({ config: { webDir: path.join(distDir, 'web'), pageRenderMsPerSecond: 1000 } });
  const creator = await createUser(t.db.db, { role: 'creator', name: 'Nia Creator' });
  learner = await createUser(t.db.db, { name: 'Lee Learner' });
  const course = await createCourse(t.db.db, creator.id, { title: 'Return Paths 101' });
  courseId = course.id;
  // Four slides and no quiz: one done is 25 %, all four 100 %.
  lessonIds = (await addContent(t.db.db, courseId, { lessonCount: 4, quizCount: 0 })).lessons.map((lesson) => lesson.id);
  await enroll(t.db.db, learner.id, courseId);
});
afterAll(async () => {
  await t?.close();
});

describe("the drawn header's Login and Sign Up", () => {
  it('come back to the course page they were pressed on', async () => {
    const html = (await get(`/course/${courseId}`)).body;
    const next = encodeURIComponent(`/course/${courseId}`);
    expect(headerLinks(html, 'Login')).toEqual([`/login?next=${next}`]);
    expect(headerLinks(html, 'Sign Up')).toEqual([`/login?tab=signup&next=${next}`]);
  });

  it('come back to the search with its query (path and query, URL-encoded)', async () => {
    const address = '/courses?q=neural%20nets&difficulty=Beginner&sort=rating';
    const html = (await get(address)).body;
    const next = encodeURIComponent('/courses?q=neural%20nets&difficulty=Beginner&sort=rating');
    expect(headerLinks(html, 'Login')).toEqual([`/login?next=${next}`]);
    expect(headerLinks(html, 'Sign Up')).toEqual([`/login?tab=signup&next=${next}`]);
  });

  it("name nothing to return to on Home, where signing in lands anyway (a creator's on their dashboard)", async () => {
    const html = (await get('/')).body;
    expect(headerLinks(html, 'Login')).toEqual(['/login']);
    expect(headerLinks(html, 'Sign Up')).toEqual(['/login?tab=signup']);
  });
});

describe("the drawn course page's action for an enrolled learner", () => {
  it('says Start Course at 0 %, Continue Course once begun, Review Course at 100 %', async () => {
    expect(courseActions((await get(`/course/${courseId}`, asViewer(learner))).body)).toEqual(['Start Course']);
    await complete(learner, lessonIds[0] ?? '');
    expect(courseActions((await get(`/course/${courseId}`, asViewer(learner))).body)).toEqual(['Continue Course']);
    for (const lessonId of lessonIds.slice(1)) await complete(learner, lessonId);
    expect(courseActions((await get(`/course/${courseId}`, asViewer(learner))).body)).toEqual(['Review Course']);
  });
});
