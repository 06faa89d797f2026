import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiAs, expect as baseExpect, signInWithToken, signUpViaApi, test, waitForAppOnLoad } from './fixtures';

/*
 * docs/product.md, Notebooks: a creator uploads an .ipynb to a Notebook slide (a wrong file is refused
 * with a reason); an enrolled student opens it in Learn and sees its Markdown, its code as Python blocks
 * and its image output, runs its code cells in the browser and downloads the notebook; axe-clean in
 * light, dark and on a 390 px phone, where wide code scrolls inside its block.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const FIXTURE = readFileSync(new URL('../fixtures/notebook-slide.ipynb', import.meta.url));
const SHOTS = '/tmp/notebooks-shots';

async function expectAxeClean(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}

async function expectNotebookShown(page: Page) {
  await expect(page.getByRole('heading', { name: 'Gradient descent by hand' })).toBeVisible();
  await expect(page.getByText('We fit one weight to three points.')).toBeVisible();
  const code = page.locator('.notebook pre > code.language-python');
  await expect(code).toHaveCount(4);
  await expect(code.first()).toContainText('for step in range(50):');
  await expect(code.first().locator('span.hljs-keyword').first()).toHaveText('for');
  await expect(page.getByText('w = 2.000')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Loss curve falling towards zero' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '50' })).toBeVisible();
  await expect(page.getByText('ZeroDivisionError: division by zero')).toBeVisible();
}

test('a creator uploads a notebook slide; a student reads it in Learn, downloads it; light, dark and phone', async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  const creator = await loginAs('creator');
  const api = apiAs(page.request, creator.token);
  const course = await api('POST', '/api/courses', { title: 'Notebooks by Hand', description: '<p>Cells.</p>', price: '0' });
  const module = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Optimisation' });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/creator/modules/${module.id}/build`);
  await page.getByRole('button', { name: 'Add Page' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Notebook/ }).click();
  await dialog.getByLabel('Slide Title').fill('Gradient descent, by hand');
  const input = dialog.getByTestId('upload-input-notebook');

  // A file that is not a notebook is refused in the browser; one that only looks like one, by the server.
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a notebook') });
  await expect(page.getByText('Please select a Jupyter notebook (.ipynb) file.')).toBeVisible();
  await input.setInputFiles({ name: 'broken.ipynb', mimeType: '', buffer: Buffer.from('{"nbformat": 4, "cells": [') });
  await expect(page.getByText(/not a Jupyter notebook: it is not valid JSON/)).toBeVisible();
  await input.setInputFiles({
    name: 'old.ipynb',
    mimeType: '',
    buffer: Buffer.from(JSON.stringify({ nbformat: 3, nbformat_minor: 0, worksheets: [] })),
  });
  await expect(page.getByText(/Only nbformat 4 notebooks can be used; this one is nbformat 3/)).toBeVisible();

  await input.setInputFiles({ name: 'gradient-descent.ipynb', mimeType: '', buffer: FIXTURE });
  await expect(page.getByText('Upload successful')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Replace Notebook' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Slide' }).click();
  await expect(page.getByText('Slide added')).toBeVisible();
  // The builder shows the slide as learners will see it.
  await expectNotebookShown(page);
  await page.screenshot({ path: `${SHOTS}/builder-1280.png`, fullPage: true });

  await api('POST', `/api/courses/${course.id}/publish`, {});
  const student = await signUpViaApi(page.request, 'student');
  await apiAs(page.request, student.token)('POST', '/api/enroll-free', { courseId: course.id });

  for (const [variant, viewport, theme] of [
    ['desktop-light', { width: 1280, height: 900 }, 'light'],
    ['desktop-dark', { width: 1280, height: 900 }, 'dark'],
    ['phone-light', { width: 390, height: 844 }, 'light'],
    ['phone-dark', { width: 390, height: 844 }, 'dark'],
  ] as const) {
    const context = await browser.newContext({ baseURL, viewport, acceptDownloads: true });
    await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const learner = waitForAppOnLoad(await context.newPage());
    await signInWithToken(learner, student.token);
    await learner.goto(`/course/${course.id}/learn`);
    await expectNotebookShown(learner);
    await expect(learner.locator('html.dark')).toHaveCount(theme === 'dark' ? 1 : 0);
    await expectAxeClean(learner, variant);
    await learner.screenshot({ path: `${SHOTS}/learn-${variant}.png`, fullPage: true });

    if (viewport.width === 390) {
      // The page never scrolls sideways; the wide code line scrolls inside its own block.
      const widths = await learner.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
      }));
      expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.viewport);
      const block = await learner
        .locator('.notebook pre')
        .first()
        .evaluate((element) => ({
          client: element.clientWidth,
          scroll: element.scrollWidth,
          right: element.getBoundingClientRect().right,
        }));
      expect(block.scroll).toBeGreaterThan(block.client);
      expect(block.right).toBeLessThanOrEqual(widths.viewport);
    }

    if (variant === 'desktop-light') {
      const download = learner.waitForEvent('download');
      await learner.getByRole('button', { name: /^Download notebook/ }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('gradient-descent-by-hand.ipynb');
      const path = await file.path();
      expect(readFileSync(path).equals(FIXTURE)).toBe(true);
      // The HTML output's script never ran.
      expect(await learner.title()).not.toBe('pwned');

      // Every code cell runs in the browser; the cells share their names, as in Jupyter.
      await learner.getByRole('button', { name: 'Run code block 1' }).click();
      const outputs = learner.locator('[data-python-run] [aria-live="polite"]');
      await expect(outputs.nth(0)).toContainText('w = 2.000', { timeout: 90_000 });
      await learner.getByRole('button', { name: 'Run code block 4' }).click();
      await expect(outputs.nth(3)).toContainText('ZeroDivisionError', { timeout: 30_000 });
    }
    await context.close();
  }
});
