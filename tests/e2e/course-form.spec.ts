import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Response } from '@playwright/test';
import { apiAs, expect, test } from './fixtures';

// Each journey types, uploads and saves through a real browser: on a busy two-core box that can near the default 30 s.
test.describe.configure({ timeout: 60_000 });

/** A real 32×18 PNG (a blue-violet gradient), as a creator's cover image would be. */
const THUMBNAIL_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAASCAIAAAC1qksFAAAEJElEQVR42g3NMet1UADA4fe7/uukk06hk8gVukIMymAwqDsYDMpgMCiDwXDLYPA5ft/gvc8XeP79CYRACpTAFmiBJ3gJYsFbkAsqQS1oBK2gE/SCj2AQjIJJMAsWwSrYBLvgEJyCr+AS3IJH8O/PQBhIA2VgG2gDz+BlEBu8DXKDyqA2aAxag86gN/gYDAajwWQwGywGq8FmsBscBqfB1+AyuA0e4xdIhERKlMSWaIkneUliyVuSSypJLWkkraST9JKPZJCMkkkySxbJKtkku+SQnJKv5JLckkf+AhNhIk2UiW2iTTyTl0ls8jbJTSqT2qQxaU06k97kYzKYjCaTyWyymKwmm8lucpicJl+Ty+Q2ecxfoBAKqVAKW6EVnuKliBVvRa6oFLWiUbSKTtErPopBMSomxaxYFKtiU+yKQ3EqvopLcSse9QsshIW0UBa2hbbwLF4WscXbIreoLGqLxqK16Cx6i4/FYDFaTBazxWKxWmwWu8VhcVp8LS6L2+KxfoGDcJAOysF20A6ew8shdng75A6VQ+3QOLQOnUPv8HEYHEaHyWF2WBxWh81hdzgcToevw+VwOzzOL9AIjdQoja3RGk/z0sSatybXVJpa02haTafpNR/NoBk1k2bWLJpVs2l2zaE5NV/Npbk1j/4FLsJFuigX20W7eC4vl9jl7ZK7VC61S+PSunQuvcvHZXAZXSaX2WVxWV02l93lcDldvi6Xy+3yuL/AR/hIH+Vj+2gfz+flE/u8fXKfyqf2aXxan86n9/n4DD6jz+Qz+yw+q8/ms/scPqfP1+fyuX0e/xcEiAAZoALsAB3gBbwC4oB3QB5QBdQBTUAb0AX0AZ+AIWAMmALmgCVgDdgC9oAj4Az4BlwBd8AT/IIQESJDVIgdokO8kFdIHPIOyUOqkDqkCWlDupA+5BMyhIwhU8gcsoSsIVvIHnKEnCHfkCvkDnnCXxAhImSEirAjdIQX8YqII94ReUQVUUc0EW1EF9FHfCKGiDFiipgjlog1YovYI46IM+IbcUXcEU/0CxJEgkxQCXaCTvASXglxwjshT6gS6oQmoU3oEvqET8KQMCZMCXPCkrAmbAl7wpFwJnwTroQ74Ul+QYpIkSkqxU7RKV7KKyVOeafkKVVKndKktCldSp/ySRlSxpQpZU5ZUtaULWVPOVLOlG/KlXKnPOkvyBAZMkNl2Bk6w8t4ZcQZ74w8o8qoM5qMNqPL6DM+GUPGmDFlzBlLxpqxZewZR8aZ8c24Mu6MJ/sFBaJAFqgCu0AXeAWvgrjgXZAXVAV1QVPQFnQFfcGnYCgYC6aCuWApWAu2gr3gKDgLvgVXwV3wFL+gRJTIElVil+gSr+RVEpe8S/KSqqQuaUrakq6kL/mUDCVjyVQylywla8lWspccJWfJt+QquUuekv8a/Y4tfdtYEAAAAABJRU5ErkJggg==';

function writeThumbnail(): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'course-form-')), 'cover.png');
  writeFileSync(file, Buffer.from(THUMBNAIL_PNG_BASE64, 'base64'));
  return file;
}

type SavedCourse = {
  id: string;
  title: string;
  description: string;
  price: string;
  difficulty: string;
  duration: string | null;
  thumbnail: string | null;
  published: boolean;
};

async function readCourse(page: Page, token: string, id: string): Promise<SavedCourse> {
  const response = await page.request.get(`/api/courses/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as SavedCourse;
}

/** A toast's title and description (a form's field may show the same description under it). */
async function expectNotice(page: Page, title: string, description?: string) {
  const notices = page.getByRole('region', { name: /^Notifications/ });
  await expect(notices.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(notices.getByText(description, { exact: true })).toBeVisible();
}

test('a creator creates a course with a thumbnail and a formatted description, then lands on its builder', async ({
  page,
  loginAs,
}) => {
  const creator = await loginAs('creator');
  await page.goto('/creator/create-course');
  await expect(page.getByRole('heading', { name: 'Create New Course' })).toBeVisible();

  await page.getByLabel('Course Title').fill('Transformers, Hands On');
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.click();
  await page.keyboard.type('Learn ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('attention');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' from first principles.');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('Self-attention');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Positional encodings');
  await expect(description.locator('strong')).toHaveText('attention');
  await expect(description.locator('ul > li')).toHaveCount(2);

  await page.getByLabel('Price (USD)').fill('49.99');
  await page.getByLabel('Difficulty').selectOption('Intermediate');
  await page.getByRole('spinbutton', { name: 'Hours' }).fill('8');

  await page.locator('input[type="file"]').setInputFiles(writeThumbnail());
  await expectNotice(page, 'Upload successful', 'Your file has been uploaded.');
  const preview = page.getByRole('img', { name: 'Course thumbnail preview' });
  await expect(preview).toHaveAttribute('src', /^\/objects\//);
  // The preview is the stored file, served back by the app.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
  const thumbnailPath = await preview.getAttribute('src');

  await page.getByRole('button', { name: 'Create & Build' }).click();
  await expect(page).toHaveURL(/\/creator\/courses\/[^/]+\/build$/);
  await expectNotice(page, 'Course created!');

  const id = page.url().split('/').at(-2) ?? '';
  const saved = await readCourse(page, creator.token, id);
  expect(saved).toMatchObject({
    title: 'Transformers, Hands On',
    price: '49.99',
    difficulty: 'Intermediate',
    duration: '8 hours',
    published: false,
  });
  expect(saved.thumbnail).toBe(thumbnailPath);
  expect(saved.description).toContain('<strong>attention</strong>');
  expect(saved.description).toMatch(
    /<ul>\s*<li>\s*<p>Self-attention<\/p>\s*<\/li>\s*<li>\s*<p>Positional encodings<\/p>\s*<\/li>\s*<\/ul>/,
  );
});

test('Save as Draft stores a draft with the default price and description and returns to the dashboard', async ({
  page,
  loginAs,
}) => {
  const creator = await loginAs('creator');
  await page.goto('/creator/create-course');
  await page.getByLabel('Course Title').fill('Reinforcement Learning Notes');
  await page.getByRole('button', { name: 'Save as Draft' }).click();

  await expect(page).toHaveURL(/\/creator\/dashboard$/);
  await expectNotice(page, 'Draft saved!');
  const response = await page.request.get('/api/creator/courses', { headers: { Authorization: `Bearer ${creator.token}` } });
  const [draft] = (await response.json()) as SavedCourse[];
  expect(draft).toMatchObject({
    title: 'Reinforcement Learning Notes',
    price: '0.00',
    description: 'Course description to be added',
    difficulty: 'Beginner',
    published: false,
  });
});

test('the create form explains every refusal', async ({ page, loginAs }) => {
  const creator = await loginAs('creator');
  await page.goto('/creator/create-course');

  await page.getByRole('button', { name: 'Create & Build' }).click();
  await expectNotice(page, 'Course title required', 'Please enter a title for your course');
  await expect(page.getByLabel('Course Title')).toBeFocused();
  await expect(page.getByLabel('Course Title')).toHaveAccessibleDescription('Please enter a title for your course');
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
    'Please describe your course to start building',
  );

  await page.getByLabel('Course Title').fill('Graph Neural Networks');
  await page.getByRole('button', { name: 'Create & Build' }).click();
  await expectNotice(page, 'Description required', 'Please describe your course to start building');

  await page.getByLabel('Price (USD)').fill('-3');
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expectNotice(page, 'Invalid price', 'Please enter a valid price');
  await expect(page.getByLabel('Price (USD)')).toHaveAccessibleDescription('Please enter a valid price');

  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expectNotice(page, 'Invalid file type', 'Please select a(n) image file.');
  await fileInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5_242_881) });
  await expectNotice(page, 'File too large', 'Please select a file smaller than 5 MB.');
  // Bytes that are not the PNG they claim to be: the server refuses them and the notice says why.
  await fileInput.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('plain text, not a PNG') });
  await expect(page.getByText('Upload failed', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Failed to upload file/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload Thumbnail' })).toBeEnabled();

  await expect(page).toHaveURL(/\/creator\/create-course$/);
  const response = await page.request.get('/api/creator/courses', { headers: { Authorization: `Bearer ${creator.token}` } });
  expect(await response.json()).toEqual([]);
});

test("each refusal shows under its field, the server's too, in both themes and on a phone", async ({ page, loginAs }) => {
  await loginAs('creator');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const [theme, viewport] of [
    ['light', { width: 1280, height: 900 }],
    ['dark', { width: 1280, height: 900 }],
    ['light', { width: 390, height: 844 }],
    ['dark', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
    await page.goto('/creator/create-course');
    await page.getByLabel('Price (USD)').fill('-3');
    await page.getByRole('spinbutton', { name: 'Minutes' }).fill('90');
    await page.getByRole('button', { name: 'Create & Build' }).click();
    await expectNotice(page, 'Course title required', 'Please enter a title for your course');
    const form = page.getByRole('form', { name: 'Create course' });
    await expect(form.getByText('Please enter a title for your course')).toBeVisible();
    await expect(form.getByText('Please describe your course to start building')).toBeVisible();
    await expect(form.getByText('Please enter a valid price')).toBeVisible();
    await expect(form.getByText('Please enter whole minutes from 0 to 59')).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: 'Minutes' })).toHaveAttribute('aria-invalid', 'true');
    const { violations } = await new AxeBuilder({ page })
      .include('form')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((violation) => `${theme} ${viewport.width}: ${violation.id}`)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`create-form-errors-${theme}-${viewport.width}.png`), fullPage: true });
  }

  // What the server refuses is shown under the field it names, whatever the rule.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.route('**/api/courses', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'price: Not a price we take', errors: { price: 'Not a price we take' } }),
        })
      : route.fallback(),
  );
  await page.goto('/creator/create-course');
  await page.getByLabel('Course Title').fill('Graph Neural Networks');
  // A price the form itself accepts: the refusal is a rule only the server knows.
  await page.getByLabel('Price (USD)').fill('0.75');
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expectNotice(page, 'Failed to create course');
  await expect(page.getByLabel('Price (USD)')).toHaveAccessibleDescription('Not a price we take');
  await expect(page.getByLabel('Price (USD)')).toBeFocused();
});

test('the length is taken in hours and minutes, found by the length filter, and read back by the edit form', async ({
  page,
  loginAs,
}) => {
  const creator = await loginAs('creator');
  const api = apiAs(page.request, creator.token);
  await page.goto('/creator/create-course');
  await page.getByLabel('Course Title').fill('Message Passing, Measured');
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Graphs, one hop at a time.');
  // Keyboard only: Tab into the hours, arrows to count.
  const hours = page.getByRole('spinbutton', { name: 'Hours' });
  await hours.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(hours).toHaveValue('2');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('spinbutton', { name: 'Minutes' })).toBeFocused();
  await page.keyboard.type('30');
  await page.getByRole('button', { name: 'Create & Build' }).click();
  await expect(page).toHaveURL(/\/creator\/courses\/[^/]+\/build$/);
  const id = page.url().split('/').at(-2) ?? '';
  expect((await readCourse(page, creator.token, id)).duration).toBe('2 hours 30 minutes');

  await api('POST', `/api/courses/${id}/publish`, {});
  const inBand = async (band: string) =>
    (
      await api<{ items: { id: string }[] }>(
        'GET',
        `/api/courses/search?q=${encodeURIComponent('Message Passing')}&duration=${band}`,
      )
    ).items.map((course) => course.id);
  expect(await inBand('medium')).toContain(id);
  expect(await inBand('short')).not.toContain(id);

  // The edit form reads it back into hours and minutes.
  await page.goto(`/creator/courses/${id}/edit`);
  await expect(page.getByRole('spinbutton', { name: 'Hours' })).toHaveValue('2');
  await expect(page.getByRole('spinbutton', { name: 'Minutes' })).toHaveValue('30');

  // A length stored as words it cannot read is shown as it is, kept until entered again.
  await api('PATCH', `/api/courses/${id}`, { duration: 'two-ish hours' });
  await page.goto(`/creator/courses/${id}/edit`);
  await expect(page.getByRole('spinbutton', { name: 'Hours' })).toHaveValue('');
  await expect(
    page.getByText('Saved as “two-ish hours”, which the length filter cannot read: please enter it again in hours and minutes.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectNotice(page, 'Course updated!');
  expect((await readCourse(page, creator.token, id)).duration).toBe('two-ish hours');
  await page.goto(`/creator/courses/${id}/edit`);
  await page.getByRole('spinbutton', { name: 'Hours' }).fill('12');
  await expect(page.getByText('Replaces “two-ish hours”.')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectNotice(page, 'Course updated!');
  expect((await readCourse(page, creator.token, id)).duration).toBe('12 hours');
  expect(await inBand('long')).toContain(id);
});

test("a creator edits a course's title and price and sees them saved", async ({ page, loginAs }) => {
  const creator = await loginAs('creator');
  const created = await page.request.post('/api/courses', {
    headers: { Authorization: `Bearer ${creator.token}` },
    data: { title: 'Intro to Embeddings', description: '<p>Vectors for words.</p>', price: '10.00', published: false },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as SavedCourse;

  await page.goto(`/creator/courses/${id}/edit`);
  await expect(page.getByLabel('Course Title')).toHaveValue('Intro to Embeddings');
  await expect(page.getByLabel('Price (USD)')).toHaveValue('10.00');
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveText('Vectors for words.');

  await page.getByLabel('Course Title').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectNotice(page, 'Course title required', 'Please enter a title for your course');
  await page.getByLabel('Course Title').fill('Embeddings in Depth');
  await page.getByLabel('Price (USD)').fill('-1');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectNotice(page, 'Invalid price', 'Please enter a valid price');

  await page.getByLabel('Price (USD)').fill('24.50');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/creator/courses/${id}/build$`));
  await expectNotice(page, 'Course updated!');
  expect(await readCourse(page, creator.token, id)).toMatchObject({
    title: 'Embeddings in Depth',
    price: '24.50',
    description: '<p>Vectors for words.</p>',
  });

  // Cached data was refreshed: opening the form again shows what was saved.
  await page.goto(`/creator/courses/${id}/edit`);
  await expect(page.getByLabel('Course Title')).toHaveValue('Embeddings in Depth');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/creator/courses/${id}/build$`));
});

test('the edit page says so when the course does not exist', async ({ page, loginAs }) => {
  await loginAs('creator');
  await page.goto('/creator/courses/00000000-0000-4000-8000-000000000000/edit');
  await expect(page.getByText('Course not found')).toBeVisible();
});

/** Chunks named after the editor, or holding ProseMirror's code (Tiptap's engine), whatever their names. */
async function editorScriptsLoadedBy(page: Page, open: () => Promise<unknown>): Promise<string[]> {
  const editorScripts: string[] = [];
  const pending: Promise<void>[] = [];
  const inspect = (response: Response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    const url = response.url();
    pending.push(
      response.text().then(
        (body) => {
          if (/tiptap/.test(url) || body.includes('ProseMirror')) editorScripts.push(url);
        },
        // A page navigating away discards bodies of its last responses; the name check still applies.
        () => {
          if (/tiptap/.test(url)) editorScripts.push(url);
        },
      ),
    );
  };
  page.on('response', inspect);
  await open();
  await page.waitForLoadState('networkidle');
  page.off('response', inspect);
  await Promise.all(pending);
  return editorScripts;
}

test('the editor code is not loaded by the home page, only by the course form', async ({ page, loginAs }) => {
  const home = await editorScriptsLoadedBy(page, () => page.goto('/'));
  await expect(page.getByRole('heading', { name: 'Popular AI Courses' })).toBeVisible();
  expect(home).toEqual([]);

  await loginAs('creator');
  const form = await editorScriptsLoadedBy(page, async () => {
    await page.goto('/creator/create-course');
    await expect(page.getByRole('textbox', { name: 'Description' })).toBeVisible();
  });
  expect(form.some((url) => /rich-text-editor-tiptap-[\w-]+\.js$/.test(url))).toBe(true);
});
