import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mp4Bytes, PNG_BYTES } from '../helpers/media-bytes';
import { catalogueIds, expect, test } from './fixtures';

/*
 * The creator's whole journey of issue 6, in the browser against the real server: a course with a
 * thumbnail, two modules and a quiz reordered, text, image and video slides uploaded, edited and
 * reordered, questions of four and two options, publish, the preview, and archive.
 */

function mediaFile(dir: string, name: string, bytes: Buffer) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

test('a creator builds, publishes, previews and archives a course', async ({ page, loginAs, context }, testInfo) => {
  test.setTimeout(120_000);
  const png = mediaFile(testInfo.outputDir, 'diagram.png', PNG_BYTES);
  const mp4 = mediaFile(testInfo.outputDir, 'talk.mp4', mp4Bytes(2048));
  const title = `Attention Is All You Need ${testInfo.workerIndex}-${Date.now()}`;
  const creator = await loginAs('creator');

  // Dashboard → Create course with a thumbnail and formatted description.
  await page.goto('/creator/dashboard');
  await expect(page.getByText("You haven't created any courses yet")).toBeVisible();
  await page.getByRole('link', { name: 'Create Your First Course' }).click();
  await page.getByLabel('Course Title').fill(title);
  const editor = page.getByRole('textbox', { name: 'Description' });
  await editor.click();
  await page.getByRole('button', { name: 'Bold' }).click();
  await editor.pressSequentially('Transformers from scratch');
  await page.getByLabel('Price (USD)').fill('19.99');
  await page.getByLabel('Difficulty').selectOption('Intermediate');
  await page.getByRole('spinbutton', { name: 'Hours' }).fill('6');
  await page.getByTestId('upload-input-image').setInputFiles(png);
  await expect(page.getByText('Upload successful')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Course thumbnail preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Create & Build' }).click();
  await expect(page).toHaveURL(/\/creator\/courses\/[^/]+\/build$/);
  const courseId = page.url().split('/').at(-2) ?? '';

  // Two modules and a quiz, then the quiz moves above the second module.
  const addSection = async (kind: 'Module' | 'Quiz', name: string) => {
    const form = page.getByRole('form', { name: `Add ${kind}` });
    await form.getByLabel(`${kind} Title`).fill(name);
    await form.getByRole('button', { name: `Add ${kind}` }).click();
    await expect(page.getByText(`${kind} added`)).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  };
  await addSection('Module', 'Embeddings');
  await addSection('Module', 'Self-attention');
  await addSection('Quiz', 'Checkpoint');
  await page.getByRole('button', { name: 'Move Checkpoint up' }).click();
  const content = page.locator('ol').filter({ hasText: 'Checkpoint' }).getByRole('listitem');
  await expect(content.nth(1)).toContainText('Checkpoint');
  await expect(content.nth(1)).toContainText('Quiz 1');
  await expect(content.nth(2)).toContainText('Self-attention');
  await expect(content.nth(2)).toContainText('Module 2');

  // Slides in the first module: text, image, video.
  await content.nth(0).getByRole('link', { name: 'Add Content →' }).click();
  await expect(page.getByText('No slides yet', { exact: true })).toBeVisible();
  const addSlide = async (type: 'Text' | 'Image' | 'Video', slideTitle: string, fill: () => Promise<void>) => {
    await page.getByRole('button', { name: 'Add Page' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: type, exact: true }).click();
    await dialog.getByLabel('Slide Title').fill(slideTitle);
    await fill();
    await dialog.getByRole('button', { name: 'Add Slide' }).click();
    await expect(page.getByText('Slide added')).toBeVisible();
    await expect(dialog).toBeHidden();
  };
  await addSlide('Text', 'What is a token?', async () => {
    // Change Type goes back to the choice and keeps nothing of the wrong type.
    await page.getByRole('dialog').getByRole('button', { name: 'Change Type' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Text', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Slide Title').fill('What is a token?');
    await page.getByRole('dialog').getByRole('textbox', { name: 'Content' }).fill('A token is a piece of text.');
  });
  await addSlide('Image', 'The architecture', async () => {
    await page.getByRole('dialog').getByTestId('upload-input-image').setInputFiles(png);
    await expect(page.getByRole('dialog').getByRole('img', { name: 'Slide' })).toBeVisible();
  });
  await addSlide('Video', 'A short talk', async () => {
    await page.getByRole('dialog').getByTestId('upload-input-video').setInputFiles(mp4);
    await expect(page.getByRole('dialog').locator('video')).toHaveCount(1);
  });
  await expect(page.getByText('Slide 3 of 3')).toBeVisible();

  // Edit the first slide, then move the video up: the selection follows it.
  await page.getByRole('button', { name: 'Slide 1: What is a token?' }).click();
  await page.getByRole('button', { name: 'Edit What is a token?' }).click();
  await page.getByRole('dialog').getByLabel('Slide Title').fill('Tokens');
  await page.getByRole('dialog').getByRole('button', { name: 'Save Slide' }).click();
  await expect(page.getByText('Slide updated')).toBeVisible();
  await page.getByRole('button', { name: 'Slide 3: A short talk' }).click();
  await page.getByRole('button', { name: 'Move A short talk up' }).click();
  await expect(page.getByText('Slide 2 of 3')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Slide 2: A short talk' })).toHaveAttribute('aria-current', 'true');
  // The image shows in the builder (its address is signed: the course is paid).
  await page.getByRole('button', { name: 'Slide 3: The architecture' }).click();
  await expect(page.getByRole('img', { name: 'The architecture' })).toHaveJSProperty('naturalWidth', 1);

  // Questions: four options, then two.
  await page.goto(`/creator/courses/${courseId}/build`);
  await page.getByRole('link', { name: 'Build Quiz →' }).click();
  await expect(page.getByRole('heading', { name: 'Checkpoint' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill('What does attention compute?');
  await page.getByRole('textbox', { name: 'Option A', exact: true }).fill('A weighted sum of values');
  await page.getByRole('textbox', { name: 'Option B', exact: true }).fill('A sorting of tokens');
  await expect(page.getByRole('radio', { name: 'Option C' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Option C (optional)' }).fill('A hash');
  await page.getByRole('textbox', { name: 'Option D (optional)' }).fill('A convolution');
  await page.getByRole('radio', { name: 'Option A' }).check();
  await page.getByRole('button', { name: 'Add Question' }).click();
  await expect(page.getByText('Question added')).toBeVisible();
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill('Transformers need recurrence.');
  await page.getByRole('textbox', { name: 'Option A', exact: true }).fill('True');
  await page.getByRole('textbox', { name: 'Option B', exact: true }).fill('False');
  await page.getByRole('radio', { name: 'Option B' }).check();
  await page.getByRole('button', { name: 'Add Question' }).click();
  await expect(page.getByText('B. False (Correct)')).toBeVisible();
  await expect(page.getByText('A. A weighted sum of values (Correct)')).toBeVisible();

  // The publish checklist names the module that has no slides yet; cancelling publishes nothing.
  await page.getByRole('link', { name: 'Back to Course Builder' }).click();
  await page.getByRole('button', { name: 'Publish Course' }).click();
  const publishDialog = page.getByRole('dialog', { name: /^Publish / });
  await expect(publishDialog.getByText('Add a slide to the module “Self-attention”')).toBeVisible();
  await expect(publishDialog.getByRole('button', { name: 'Publish anyway' })).toBeEnabled();
  await publishDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Publish Course' })).toBeEnabled();

  // The preview opens in a new tab with every section and item.
  const [preview] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Preview Course' }).click()]);
  await preview.waitForLoadState();
  await expect(preview).toHaveURL(new RegExp(`/course/${courseId}/preview$`));
  await expect(preview.getByText('Preview Mode')).toBeVisible();
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  const sections = preview.getByRole('navigation', { name: 'Course sections' }).getByRole('button');
  await expect(sections).toHaveText([
    /1\. Embeddings.*3 lessons/,
    /2\. Checkpoint.*2 questions/,
    /3\. Self-attention.*0 lessons/,
  ]);
  await expect(preview.getByRole('heading', { name: 'Tokens' })).toBeVisible();
  await preview.getByRole('button', { name: 'Next' }).click();
  await expect(preview.locator('video')).toHaveCount(1);
  await preview.getByRole('button', { name: 'Next' }).click();
  await expect(preview.getByRole('img', { name: 'The architecture' })).toBeVisible();
  await sections.nth(1).click();
  await expect(preview.getByText('A. A weighted sum of values (Correct)')).toBeVisible();
  await sections.nth(2).click();
  await expect(preview.getByText('No lessons in this module yet.')).toBeVisible();
  await preview.close();

  // With a slide in it, nothing is missing: the course publishes and the button becomes a disabled 'Published'.
  const authorized = { headers: { Authorization: `Bearer ${creator.token}` } };
  const modules = (await (await page.request.get(`/api/courses/${courseId}/modules`, authorized)).json()) as {
    id: string;
    title: string;
  }[];
  const selfAttention = modules.find((module) => module.title === 'Self-attention');
  const added = await page.request.post(`/api/modules/${selfAttention?.id}/lessons`, {
    ...authorized,
    data: { title: 'Queries and keys', type: 'text', content: '<p>Scaled dot products.</p>' },
  });
  expect(added.status()).toBe(201);
  await page.getByRole('button', { name: 'Publish Course' }).click();
  await publishDialog.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Your course is now live in the marketplace.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Published' })).toBeDisabled();

  // Listed in the marketplace until archived.
  expect(await catalogueIds(page.request)).toContain(courseId);
  await page.goto('/creator/dashboard');
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(
    page.getByText(
      'Are you sure you want to archive this course? It will be hidden from the marketplace but students who have enrolled can still access it.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByText('Course archived')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: title }).getByText('Archived')).toBeVisible();
  expect(await catalogueIds(page.request)).not.toContain(courseId);
  await page.goto('/');
  await expect(page.getByText(title)).toHaveCount(0);
});
