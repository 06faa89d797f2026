import { PNG_BYTES } from '../helpers/media-bytes';
import { AxeReport } from './axe-scanner';
import { apiAs, expect, signUpViaApi, test } from './fixtures';

/*
 * Issue 22 §10: the slide editor of a technical course. A creator writes a slide with a heading, a
 * link, inline code, both kinds of list, a Python code block and an image beside the text; the
 * learner's Learn page, as the server draws it (no JavaScript at all) and as the app shows it, has the
 * code coloured by the tokens the server stored, in both themes.
 */

test('a creator writes a technical slide and learners see it formatted, code highlighted, drawn by the server', async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(300_000);
  const creator = await loginAs('creator');
  const api = apiAs(page.request, creator.token);
  const course = await api('POST', '/api/courses', {
    title: 'Tokenizers in Code',
    description: '<p>From text to ids.</p>',
    price: '0',
  });
  const module = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Hands on' });

  await page.goto(`/creator/modules/${module.id}/build`);
  await page.getByRole('button', { name: 'Add Page' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Text/ }).click();
  await dialog.getByLabel('Slide Title').fill('Loading a tokenizer');
  const editor = dialog.getByRole('textbox', { name: 'Content' });
  await editor.click();

  await dialog.getByLabel('Text style').selectOption('h2');
  await editor.pressSequentially('Setup');
  await editor.press('Enter');
  await editor.pressSequentially('Install it with ');
  await dialog.getByRole('button', { name: 'Inline code' }).click();
  await editor.pressSequentially('pip');
  await dialog.getByRole('button', { name: 'Inline code' }).click();
  await editor.pressSequentially(' and read the docs');
  for (let i = 0; i < 'the docs'.length; i++) await editor.press('Shift+ArrowLeft');
  await dialog.getByRole('button', { name: 'Link' }).click();
  // Only web and mail addresses: a script address is refused in the form itself.
  await dialog.getByLabel('Link address').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Apply link' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Use a web address (https://…) or an email link (mailto:…).');
  await dialog.getByLabel('Link address').fill('huggingface.co/docs');
  await dialog.getByRole('button', { name: 'Apply link' }).click();
  await expect(editor.locator('a[href="https://huggingface.co/docs"]')).toHaveText('the docs');
  // Typing goes on after the link, not over its text and not into it.
  await editor.pressSequentially('.');
  await editor.press('Enter');

  await dialog.getByRole('button', { name: 'Bulleted list' }).click();
  await editor.pressSequentially('Fast');
  await editor.press('Enter');
  await editor.pressSequentially('Shared');
  await editor.press('Enter');
  await editor.press('Enter');
  await dialog.getByRole('button', { name: 'Numbered list' }).click();
  await editor.pressSequentially('Load');
  await editor.press('Enter');
  await editor.press('Enter');

  await dialog.getByRole('button', { name: 'Code block' }).click();
  await dialog.getByLabel('Code language').selectOption('python');
  await editor.pressSequentially('from transformers import AutoTokenizer');
  await editor.press('Enter');
  await editor.pressSequentially('ids = tok("hello")  # a list');

  // The image beside the text.
  await dialog.getByTestId('upload-input-image').setInputFiles({ name: 'ids.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await expect(page.getByText('Upload successful')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Uploaded for this slide' })).toBeVisible();

  const axe = new AxeReport('slide editor');
  await axe.scan(page, 'add slide: technical text', dialog.getByLabel('Code language'));

  await dialog.getByRole('button', { name: 'Add Slide' }).click();
  await expect(page.getByText('Slide added')).toBeVisible();

  // What was stored: the editor's HTML through the allowlist, the code highlighted on the server.
  const [slide] = await api<{ content: string; imageUrl: string | null }[]>('GET', `/api/modules/${module.id}/lessons`);
  const content = slide?.content ?? '';
  expect(content).toContain('<h2>Setup</h2>');
  expect(content).toContain('<code>pip</code>');
  expect(content).toContain(
    '<a href="https://huggingface.co/docs" rel="noopener noreferrer nofollow" target="_blank">the docs</a>.</p>',
  );
  expect(content).toMatch(/<ul><li><p>Fast<\/p><\/li><li><p>Shared<\/p><\/li><\/ul><ol><li><p>Load<\/p><\/li><\/ol>/);
  expect(content).toContain('<pre><code class="language-python"><span class="hljs-keyword">from</span> transformers');
  expect(content).toContain('<span class="hljs-comment"># a list</span>');
  expect(slide?.imageUrl).toMatch(/^\/objects\//);

  // The builder shows it as learners will.
  await expect(page.locator('main .rich-text .hljs-keyword').first()).toHaveText('from');

  await api('POST', `/api/courses/${course.id}/publish`, {});
  const student = await signUpViaApi(page.request, 'student');
  await apiAs(page.request, student.token)('POST', '/api/enroll-free', { courseId: course.id });

  // The page the server draws, read without any JavaScript.
  const drawn = await browser.newContext({ javaScriptEnabled: false });
  await drawn.addCookies([{ name: 'ga_session', value: student.token, url: baseURL ?? '' }]);
  const noScript = await drawn.newPage();
  await noScript.goto(`/course/${course.id}/learn`);
  const drawnText = noScript.locator('main .rich-text');
  await expect(drawnText.getByRole('heading', { name: 'Setup' })).toBeVisible();
  await expect(drawnText.getByRole('link', { name: 'the docs' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(drawnText.locator('pre .hljs-keyword').first()).toHaveText('from');
  const lightKeyword = await drawnText
    .locator('pre .hljs-keyword')
    .first()
    .evaluate((node) => getComputedStyle(node).color);
  const plainText = await drawnText.locator('pre code').evaluate((node) => getComputedStyle(node).color);
  expect(lightKeyword).not.toBe(plainText);
  await expect(noScript.locator('main img[data-slide-image]')).toHaveJSProperty('naturalWidth', 1);
  await drawn.close();

  // The app's Learn page, light and dark, desktop and phone: axe-clean, and dark code has its own colours.
  await page.evaluate((token) => localStorage.setItem('token', token), student.token);
  await page.goto(`/course/${course.id}/learn`);
  const shown = page.locator('main .rich-text');
  await expect(shown.locator('pre .hljs-keyword').first()).toHaveText('from');
  await expect(shown.locator('ul li')).toHaveCount(2);
  await expect(shown.locator('ol li')).toHaveText(['Load']);
  await axe.scan(page, 'learn: technical slide', shown.locator('pre .hljs-comment'));
  await page.evaluate(() => {
    localStorage.setItem('theme', 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
  });
  await expect(page.locator('html.dark')).toHaveCount(1);
  const darkKeyword = await shown
    .locator('pre .hljs-keyword')
    .first()
    .evaluate((node) => getComputedStyle(node).color);
  expect(darkKeyword).not.toBe(lightKeyword);
  axe.expectNoViolations();
});
