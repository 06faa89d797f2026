import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { apiAs, expect, signUpViaApi, test, waitForAppOnLoad } from './fixtures';

/*
 * A slide image's alt text: written in the slide dialogs (an image slide, a text slide with an image),
 * read by learners' screen readers in Learn, the preview and the page the server draws. And the
 * 'Upload successful' notice never covers the dialog's buttons, on a desktop or a phone.
 */

test.describe.configure({ timeout: 120_000 });

/** Clickable where it is: Playwright's trial click checks nothing covers it, and the page agrees at its edges. */
async function expectUncovered(button: Locator) {
  await button.scrollIntoViewIfNeeded();
  await button.click({ trial: true, timeout: 2_000 });
  const covered = await button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    // The middle and the middle of each edge: a rounded corner is not the button's to hit.
    const points = [
      [x, y],
      [box.left + 3, y],
      [box.right - 3, y],
      [x, box.top + 3],
      [x, box.bottom - 3],
    ] as const;
    return points
      .filter(([left, top]) => !element.contains(document.elementFromPoint(left, top)))
      .map(([left, top]) => `${left},${top}`);
  });
  expect(covered).toEqual([]);
}

/** A grey PNG of the given size: a diagram as big as a creator's, so the dialog grows as it does for them. */
function pngOfSize(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // 8 bits per sample, greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x99);
  for (let row = 0; row < height; row++) rows[row * (width + 1)] = 0; // each row unfiltered
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploadImage(page: Page, dialog: Locator) {
  await dialog
    .getByTestId('upload-input-image')
    .setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: pngOfSize(800, 450) });
  await expect(page.getByText('Upload successful')).toBeVisible();
}

test('a creator describes slide images; the upload notice never covers the dialog; learners get the alt text', async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  const creator = await loginAs('creator');
  const api = apiAs(page.request, creator.token);
  const course = await api('POST', '/api/courses', { title: 'Seeing Attention', description: '<p>Pictures.</p>', price: '0' });
  const module = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Diagrams' });
  await page.emulateMedia({ reducedMotion: 'reduce' });

  // Desktop: an image slide.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/creator/modules/${module.id}/build`);
  await page.getByRole('button', { name: 'Add Page' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Image/ }).click();
  await dialog.getByLabel('Slide Title').fill('The architecture');
  const alt = dialog.getByRole('textbox', { name: 'Alt text' });
  await expect(alt).toHaveAccessibleDescription(/Describes the image for screen readers/);
  await uploadImage(page, dialog);
  await alt.fill('Encoder and decoder stacks joined by cross-attention');
  await expect(page.getByText('Upload successful')).toBeVisible();
  await expectUncovered(dialog.getByRole('button', { name: 'Close' }));
  await expectUncovered(dialog.getByRole('button', { name: 'Change Type' }));
  await expectUncovered(dialog.getByRole('button', { name: 'Add Slide' }));
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('slide-dialog-alt-toast-1280x720.png') });
  await dialog.getByRole('button', { name: 'Add Slide' }).click();
  await expect(page.getByText('Slide added')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Encoder and decoder stacks joined by cross-attention' })).toBeVisible();

  // Phone: a text slide with an image beside it; the alt text field comes with the image.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Add Page' }).click();
  await dialog.getByRole('button', { name: /^Text/ }).click();
  await dialog.getByLabel('Slide Title').fill('Reading the curve');
  await dialog.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('The loss falls, then flattens.');
  await expect(dialog.getByRole('textbox', { name: 'Alt text' })).toHaveCount(0);
  await uploadImage(page, dialog);
  await dialog.getByRole('textbox', { name: 'Alt text' }).fill('A loss curve falling steeply, then flattening');
  await expect(page.getByText('Upload successful')).toBeVisible();
  await expectUncovered(dialog.getByRole('button', { name: 'Close' }));
  await expectUncovered(dialog.getByRole('button', { name: 'Change Type' }));
  await expectUncovered(dialog.getByRole('button', { name: 'Add Slide' }));
  await page.screenshot({ path: test.info().outputPath('slide-dialog-alt-toast-390.png') });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.evaluate(() => window.dispatchEvent(new StorageEvent('storage', { key: 'theme' })));
  await expect(page.locator('html.dark')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('slide-dialog-alt-toast-390-dark.png') });
  await dialog.getByRole('button', { name: 'Add Slide' }).click();
  await expect(page.getByText('Slide added')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('theme', 'light'));

  // The edit dialog shows the stored alt text and changes it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('region', { name: 'All Slides' }).getByRole('button', { name: 'Slide 1: The architecture' }).click();
  await page.getByRole('button', { name: 'Edit The architecture' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Alt text' })).toHaveValue(
    'Encoder and decoder stacks joined by cross-attention',
  );
  await dialog.getByRole('textbox', { name: 'Alt text' }).fill('The original transformer, six layers each side');
  await dialog.getByRole('button', { name: 'Save Slide' }).click();
  await expect(page.getByText('Slide updated')).toBeVisible();
  await expect(page.getByRole('img', { name: 'The original transformer, six layers each side' })).toBeVisible();

  // Learners: the app's Learn page and the page the server draws both describe the images.
  await api('POST', `/api/courses/${course.id}/publish`, {});
  const student = await signUpViaApi(page.request, 'student');
  await apiAs(page.request, student.token)('POST', '/api/enroll-free', { courseId: course.id });
  const drawn = await browser.newContext({ javaScriptEnabled: false });
  await drawn.addCookies([{ name: 'ga_session', value: student.token, url: baseURL ?? '' }]);
  const noScript = await drawn.newPage();
  await noScript.goto(`/course/${course.id}/learn`);
  await expect(noScript.getByRole('img', { name: 'The original transformer, six layers each side' })).toBeVisible();
  await drawn.close();

  const learner = await browser.newContext();
  const learnerPage = waitForAppOnLoad(await learner.newPage());
  await learnerPage.goto('/');
  await learnerPage.evaluate((token) => localStorage.setItem('token', token), student.token);
  await learnerPage.goto(`/course/${course.id}/learn`);
  await expect(learnerPage.getByRole('img', { name: 'The original transformer, six layers each side' })).toBeVisible();
  await learnerPage.getByRole('button', { name: 'Next' }).click();
  await expect(learnerPage.getByRole('img', { name: 'A loss curve falling steeply, then flattening' })).toBeVisible();
  await learner.close();

  // The preview too.
  await page.goto(`/course/${course.id}/preview`);
  await expect(page.getByRole('img', { name: 'The original transformer, six layers each side' })).toBeVisible();
});
