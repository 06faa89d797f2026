import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { AxeReport, useStableRendering } from './axe-scanner';
import { apiAs, expect, expectNoSidewaysScroll, payForCourse, publishCourse, signUpViaApi, test } from './fixtures';

/*
 * Issue 24 §4 (earnings), the creator's side: two paid courses bought through the API show up on the
 * Earnings page, reached from the dashboard, with the platform's 20 % fee taken off each sale, a row
 * per course and per month, a period kept in the address, and a CSV of the same figures.
 */

// A real browser on a busy two-core box, with an axe scan in four variants.
test.describe.configure({ timeout: 120_000 });

function figure(page: Page, label: string) {
  return page.getByRole('group', { name: label, exact: true });
}

function tableRow(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

test('a creator sees two sales with their fees, per course and per month, and downloads them as CSV', async ({
  page,
  loginAs,
  request,
}, testInfo) => {
  await useStableRendering(page);
  const creator = await loginAs('creator');
  const api = apiAs(request, creator.token);
  const run = `${testInfo.workerIndex}-${Date.now()}`;
  // A title with a comma, quotes and a leading '=' exercises the CSV's quoting and formula guard.
  const big = await publishCourse(api, {
    title: `=Earnings "Deep" Course, ${run}`,
    description: '<p>Worth paying for.</p>',
    price: '40.00',
  });
  const small = await publishCourse(api, {
    title: `Earnings Small Course ${run}`,
    description: '<p>Worth paying for too.</p>',
    price: '19.99',
  });
  for (const course of [big, small]) {
    const student = await signUpViaApi(request, 'student');
    await payForCourse(apiAs(request, student.token), course.id);
  }
  const now = new Date();
  const month = now.toISOString().slice(0, 7);
  const monthLabel = `${now.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${now.getUTCFullYear()}`;

  await page.goto('/creator/dashboard');
  await page.getByRole('link', { name: 'Earnings', exact: true }).click();
  await expect(page).toHaveURL('/creator/earnings');
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Earnings \|/);
  await expect(page.getByLabel('Period')).toHaveValue('all');

  await expect(figure(page, 'Gross sales')).toContainText('$59.99');
  await expect(figure(page, 'Platform fees')).toContainText('$12.00');
  await expect(figure(page, 'Refunds')).toContainText('$0.00');
  await expect(figure(page, 'Net earnings')).toContainText('$47.99');
  // Both sales are days old at most: inside the refund window, so nothing is available yet.
  const balance = figure(page, 'Balance');
  await expect(balance).toContainText('Available now$0.00');
  await expect(balance).toContainText('Sales older than 30 days, after refunds, less payouts');
  await expect(balance).toContainText('Paid out$0.00');

  const bigRow = tableRow(page, big.title as string);
  await expect(bigRow.getByRole('cell')).toHaveText(['1', '$40.00', '$0.00', '$8.00', '$32.00'], { useInnerText: true });
  const smallRow = tableRow(page, small.title as string);
  await expect(smallRow.getByRole('cell')).toHaveText(['1', '$19.99', '$0.00', '$4.00', '$15.99'], { useInnerText: true });
  const monthRow = tableRow(page, monthLabel);
  await expect(monthRow.getByRole('cell')).toHaveText(['2', '$59.99', '$0.00', '$12.00', '$47.99'], { useInnerText: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('earnings-all-time.csv');
  const csv = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n');
  expect(lines.slice(0, 2)).toEqual(['"By course"', '"Course","Sales","Gross (USD)","Fees (USD)","Refunds (USD)","Net (USD)"']);
  expect(lines).toContain(`"'=Earnings ""Deep"" Course, ${run}",1,40.00,8.00,0.00,32.00`);
  expect(lines).toContain(`"Earnings Small Course ${run}",1,19.99,4.00,0.00,15.99`);
  const monthHeader = lines.indexOf('"Month","Sales","Gross (USD)","Fees (USD)","Refunds (USD)","Net (USD)"');
  expect(lines[monthHeader - 1]).toBe('"By month"');
  expect(lines[monthHeader + 1]).toBe(`"${month}",2,59.99,12.00,0.00,47.99`);
  expect(lines.at(-1)).toBe('');

  const report = new AxeReport('creator earnings');
  await report.scan(page, 'earnings: two sales', monthRow);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(bigRow).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A period lives in the address: last month has no sales; back returns to all time.
  await page.getByLabel('Period').selectOption('last-month');
  await expect(page).toHaveURL('/creator/earnings?period=last-month');
  await expect(page.getByText('No sales in this period')).toBeVisible();
  await expect(figure(page, 'Gross sales')).toContainText('$0.00');
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  await page.goBack();
  await expect(page).toHaveURL('/creator/earnings');
  await expect(figure(page, 'Gross sales')).toContainText('$59.99');

  // Custom dates: a range that ends before it starts is refused; today alone holds both sales.
  const today = now.toISOString().slice(0, 10);
  await page.getByLabel('Period').selectOption('custom');
  const custom = page.getByRole('form', { name: 'Custom dates' });
  await custom.getByLabel('From').fill(today);
  await custom.getByLabel('To').fill('2020-01-01');
  await custom.getByRole('button', { name: 'Show these dates' }).click();
  await expect(custom.getByText('The last day cannot be before the first')).toBeVisible();
  await expect(custom.getByLabel('To')).toBeFocused();
  await custom.getByLabel('To').fill(today);
  await custom.getByRole('button', { name: 'Show these dates' }).click();
  await expect(page).toHaveURL(`/creator/earnings?period=custom&from=${today}&to=${today}`);
  await expect(figure(page, 'Net earnings')).toContainText('$47.99');
  const customDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await customDownload).suggestedFilename()).toBe(`earnings-${today}-${today}.csv`);

  // The shared address opens on the same period.
  await page.reload();
  await expect(page.getByLabel('Period')).toHaveValue('custom');
  await expect(figure(page, 'Net earnings')).toContainText('$47.99');
  await report.scan(page, 'earnings: custom dates', tableRow(page, monthLabel));

  report.expectNoViolations();
});
