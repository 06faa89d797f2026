import type { Page } from '@playwright/test';
import { AxeReport, useStableRendering } from './axe-scanner';
import { apiAs, expect, expectNoSidewaysScroll, publishCourse, test } from './fixtures';

/*
 * Issue 24 §1 (coupons), the creator's side: the Coupons page makes a code for a paid course, lists it
 * with its uses, shows the server's refusal of a duplicate, and deletes a code after asking.
 */

// A real browser on a busy two-core box, with an axe scan in four variants.
test.describe.configure({ timeout: 120_000 });

function couponRow(page: Page, code: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code }) });
}

test('a creator makes a 25 % code, sees it listed, is refused a duplicate and deletes it', async ({
  page,
  loginAs,
  request,
}, testInfo) => {
  await useStableRendering(page);
  const creator = await loginAs('creator');
  const api = apiAs(request, creator.token);
  const paid = await publishCourse(api, {
    title: `Paid Coupons Course ${testInfo.workerIndex}-${Date.now()}`,
    description: '<p>Worth paying for.</p>',
    price: '40.00',
  });
  // A free course has nothing to discount: the form does not offer it.
  const free = await api('POST', '/api/courses', { title: 'Free Taster Course', description: '<p>Free.</p>', price: '0' });
  const code = `LAUNCH${Date.now().toString(36).toUpperCase()}`;

  await page.goto('/creator/dashboard');
  await page.getByRole('link', { name: 'Coupons', exact: true }).click();
  await expect(page).toHaveURL('/creator/coupons');
  await expect(page.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Coupons \|/);
  await expect(page.getByText('No coupons yet')).toBeVisible();

  const form = page.getByRole('form', { name: 'New coupon' });
  const course = form.getByLabel('Course');
  await expect(course.getByRole('option', { name: new RegExp(`^${paid.title as string}`) })).toBeAttached();
  await expect(course.getByRole('option', { name: new RegExp(`^${free.title as string}`) })).toHaveCount(0);

  const report = new AxeReport('creator coupons');
  await report.scan(page, 'coupons: empty', page.getByText('No coupons yet'));

  // The client's own checks come first, with a message under each field.
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(form.getByText('Enter a code')).toBeVisible();
  await expect(form.getByText('Enter a whole number from 1 to 100')).toBeVisible();
  await expect(form.getByLabel('Code')).toBeFocused();

  await course.selectOption({ label: `${paid.title as string} ($40.00)` });
  await form.getByLabel('Code').fill(code.toLowerCase());
  await expect(form.getByLabel('Code')).toHaveValue(code);
  await form.getByRole('radio', { name: 'Percent' }).check();
  await form.getByLabel('Percent off').fill('25');
  await form.getByLabel('Usage limit (optional)').fill('10');
  await form.getByRole('button', { name: 'Create code' }).click();

  await expect(page.getByText('Coupon created', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Code')).toHaveValue('');
  await expect(form.getByLabel('Percent off')).toHaveValue('');
  const row = couponRow(page, code);
  await expect(row).toContainText(paid.title as string);
  await expect(row).toContainText('25 % off');
  await expect(row).toContainText('0 / 10');
  await expect(row).toContainText('No expiry');
  await expect(row.getByRole('button', { name: `Copy code ${code}` })).toBeVisible();

  // The same code again: the server refuses, and its message shows under the field.
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Percent off').fill('30');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(form.getByText(`This course already has a coupon ${code}`)).toBeVisible();
  await expect(form.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Code')).toBeFocused();
  await expect(page.getByRole('row')).toHaveCount(2);

  await report.scan(page, 'coupons: one code, a refusal', row);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Cancelling keeps the code; confirming deletes it.
  await row.getByRole('button', { name: `Delete ${code}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Stop this code?' });
  await expect(dialog).toContainText('Payments already made keep their price.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete ${code}` }).click();
  await dialog.getByRole('button', { name: 'Delete code' }).click();
  await expect(page.getByText('Coupon deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('No coupons yet')).toBeVisible();
  await expect(row).toHaveCount(0);

  const left = await api<{ items: unknown[] }>('GET', '/api/creator/coupons');
  expect(left.items).toEqual([]);

  report.expectNoViolations();
});
