import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type Api, apiAs, expect as baseExpect, signInWithToken, signUpViaApi, test, waitForAppOnLoad } from './fixtures';

/*
 * docs/product.md, Video: a creator gives a video slide English captions in the module builder (a file
 * that is not WebVTT is refused with the reason); a student plays the video, leaves the slide while it
 * plays, and comes back to it where they left; captions chosen in the player show their cue; the speed
 * is chosen and remembered, keyboard shortcuts act on the focused video; axe-clean in light, dark and
 * on a 390 px phone.
 *
 * tests/fixtures/lesson-video.webm: 12 s of a 160×90 VP8 picture showing the time, recorded by
 * Chromium's MediaRecorder from a canvas, with its Duration written into the WebM header.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const VIDEO = readFileSync(new URL('../fixtures/lesson-video.webm', import.meta.url));
const CAPTIONS = Buffer.from('WEBVTT\n\n00:00.000 --> 00:12.000\nHello, gradients.\n');
const SHOTS = '/tmp/video-shots';

async function expectAxeClean(page: Page, label: string) {
  // Mark as Complete fades in as it becomes usable: it is judged once usable and at rest.
  await expect(page.getByRole('button', { name: /^Mark as (Complete|Incomplete)$/ })).toBeEnabled();
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}

type Progress = { lessons: { lessonId: string; completed: boolean; positionSeconds: number | null }[] };
async function savedPosition(api: Api, courseId: string, lessonId: string) {
  const progress = (await api('GET', `/api/courses/${courseId}/progress`)) as unknown as Progress;
  return progress.lessons.find((lesson) => lesson.lessonId === lessonId)?.positionSeconds ?? null;
}

const videoState = (page: Page) =>
  page.locator('video').evaluate((video: HTMLVideoElement) => ({
    time: video.currentTime,
    paused: video.paused,
    rate: video.playbackRate,
    muted: video.muted,
    tracks: Array.from(video.textTracks).map((track) => ({
      language: track.language,
      mode: track.mode,
      cue: (track.activeCues?.[0] as VTTCue | undefined)?.text ?? null,
    })),
  }));

test('a video resumes where the learner left it, with captions, speed and keys; light, dark and phone', async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  const creator = await loginAs('creator');
  const api = apiAs(page.request, creator.token);
  const course = await api('POST', '/api/courses', { title: 'Watching Gradients', description: '<p>Videos.</p>', price: '0' });
  const module = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Backpropagation' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/creator/modules/${module.id}/build`);
  await page.getByRole('button', { name: 'Add Page' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Video/ }).click();
  await dialog.getByLabel('Slide Title').fill('The chain rule, animated');
  await dialog
    .getByTestId('upload-input-video')
    .setInputFiles({ name: 'chain-rule.webm', mimeType: 'video/webm', buffer: VIDEO });
  await expect(dialog.getByRole('button', { name: 'Replace Video' })).toBeVisible();
  const captionsInput = dialog.getByTestId('upload-input-captions');
  // An SRT file named .vtt is refused by the server, with its reason.
  await captionsInput.setInputFiles({
    name: 'wrong.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nSRT\n'),
  });
  await expect(page.getByText(/not WebVTT: it must start with the line WEBVTT/)).toBeVisible();
  await captionsInput.setInputFiles({ name: 'chain-rule.en.vtt', mimeType: 'text/vtt', buffer: CAPTIONS });
  await expect(dialog.getByLabel('Language of captions file 1')).toBeVisible();
  await expect(dialog.getByText('Use a language tag such as en or pt-BR')).toBeVisible();
  await dialog.getByLabel('Language of captions file 1').fill('en');
  await dialog.getByLabel('Label of captions file 1').fill('English');
  await page.screenshot({ path: `${SHOTS}/builder-captions-1280.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Add Slide' }).click();
  await expect(page.getByText('Slide added')).toBeVisible();
  await api('POST', `/api/courses/${course.id}/publish`, {});
  const lessons = (await api('GET', `/api/modules/${module.id}/lessons`)) as unknown as { id: string; captions: unknown[] }[];
  const lessonId = lessons[0]?.id ?? '';
  expect(lessons[0]?.captions).toHaveLength(1);

  const student = await signUpViaApi(page.request, 'student');
  const asStudent = apiAs(page.request, student.token);
  await asStudent('POST', '/api/enroll-free', { courseId: course.id });

  // Play, then leave the slide while the video plays: the leaving save keeps where it was.
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const learner = waitForAppOnLoad(await context.newPage());
  await signInWithToken(learner, student.token);
  const learnUrl = `/course/${course.id}/learn/${lessonId}`;
  await learner.goto(learnUrl);
  const video = learner.locator('video');
  await expect(learner.getByLabel('Speed')).toBeVisible();
  // Keys act on the focused video once it knows its length (on a busy machine that can come late).
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  await video.focus();
  await expect.poll(() => learner.evaluate(() => document.activeElement?.tagName)).toBe('VIDEO');
  // The drawn page shows the controls before their code has taken over the player (on a busy machine,
  // seconds later): a key pressed before then does nothing, so M is pressed until it mutes.
  await expect(async () => {
    await learner.keyboard.press('m');
    expect((await videoState(learner)).muted).toBe(true);
  }).toPass({ intervals: [500, 1000, 2000], timeout: 30_000 });
  await learner.keyboard.press('k');
  // Past 4.5 s, so the saved position (to a tenth of a second) is past 4 however it rounds.
  await expect.poll(async () => (await videoState(learner)).time, { timeout: 15_000 }).toBeGreaterThan(4.5);
  await learner.goto('/my-courses');
  await expect.poll(() => savedPosition(asStudent, course.id, lessonId)).toBeGreaterThan(4);
  const left = (await savedPosition(asStudent, course.id, lessonId)) ?? 0;

  await learner.goto(learnUrl);
  await expect(learner.getByLabel('Speed')).toBeVisible();
  await expect.poll(async () => (await videoState(learner)).time).toBeGreaterThan(left - 0.5);
  expect((await videoState(learner)).time).toBeLessThan(left + 0.5);

  // Captions: off until chosen, then the English track shows its cue.
  expect((await videoState(learner)).tracks).toEqual([{ language: 'en', mode: 'disabled', cue: null }]);
  await learner.getByLabel('Captions').selectOption({ label: 'English' });
  await expect
    .poll(async () => (await videoState(learner)).tracks[0])
    .toEqual({ language: 'en', mode: 'showing', cue: 'Hello, gradients.' });

  // Speed from the list, then faster by keyboard; the choice is kept for the next video.
  await learner.getByLabel('Speed').selectOption('1.5');
  expect((await videoState(learner)).rate).toBe(1.5);
  await video.focus();
  await learner.keyboard.press('Shift+>');
  expect((await videoState(learner)).rate).toBe(1.75);
  await expect(learner.getByLabel('Speed')).toHaveValue('1.75');
  // C turns captions off and on; L skips ten seconds ahead (at most to the end).
  await learner.keyboard.press('c');
  expect((await videoState(learner)).tracks[0]?.mode).toBe('disabled');
  await learner.keyboard.press('c');
  expect((await videoState(learner)).tracks[0]?.mode).toBe('showing');
  const before = (await videoState(learner)).time;
  await learner.keyboard.press('j');
  expect((await videoState(learner)).time).toBeLessThan(before);
  // Keys typed into the list are the list's, not shortcuts.
  const { muted } = await videoState(learner);
  await learner.getByLabel('Speed').focus();
  await learner.keyboard.press('m');
  expect((await videoState(learner)).muted).toBe(muted);
  await video.focus();
  await learner.keyboard.press('m');
  expect((await videoState(learner)).muted).toBe(!muted);
  await learner.getByText('Keyboard shortcuts').click();
  await expect(learner.getByText('Back or forward 10 seconds')).toBeVisible();
  await learner.screenshot({ path: `${SHOTS}/learn-captions-1280.png` });
  expect(await learner.evaluate(() => localStorage.getItem('video-speed'))).toBe('1.75');
  await context.close();

  // A position within the last 5 seconds starts the video again from the beginning.
  await asStudent('POST', '/api/progress', { lessonId, positionSeconds: 9 });
  for (const [variant, viewport, theme] of [
    ['desktop-light', { width: 1280, height: 900 }, 'light'],
    ['desktop-dark', { width: 1280, height: 900 }, 'dark'],
    ['phone-light', { width: 390, height: 844 }, 'light'],
    ['phone-dark', { width: 390, height: 844 }, 'dark'],
  ] as const) {
    const themed = await browser.newContext({ baseURL, viewport });
    await themed.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const page = waitForAppOnLoad(await themed.newPage());
    await signInWithToken(page, student.token);
    await page.goto(learnUrl);
    await expect(page.getByLabel('Captions')).toBeVisible();
    await page
      .locator('video')
      .evaluate((video: HTMLVideoElement) =>
        video.readyState >= 1
          ? null
          : new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true })),
      );
    expect((await videoState(page)).time, variant).toBe(0);
    await page.getByLabel('Captions').selectOption({ label: 'English' });
    await page.getByText('Keyboard shortcuts').click();
    await expect(page.locator('html.dark')).toHaveCount(theme === 'dark' ? 1 : 0);
    await expectAxeClean(page, variant);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, variant).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/learn-${variant}.png`, fullPage: true });
    await themed.close();
  }
});
