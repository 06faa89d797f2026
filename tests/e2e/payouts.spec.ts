import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { AxeReport, useStableRendering } from './axe-scanner';
import {
  ADMIN,
  apiAs,
  expect,
  expectNoSidewaysScroll,
  payForCourse,
  publishCourse,
  signInWithToken,
  signUpViaApi,
  test,
} from './fixtures';

/*
 * Issue 24 §4, payouts without Stripe: a creator's sale leaves the 30-day refund window (the test
 * server moves it back in time, tests/helpers/e2e-test-plugin.ts), an admin records a bank transfer
 * from the Payouts tab of /admin (a payout above the balance is refused in the dialog), and the
 * creator's Earnings page shows it, with Available and Paid out moved by its amount. Axe-clean in
 * light and dark, on a desktop and a phone.
 */

test.describe.configure({ timeout: 180_000 });

const figure = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

test('an admin records a bank transfer to a creator, who then sees it with their balance moved', async ({
  page,
  request,
}, testInfo) => {
  await useStableRendering(page);
  const run = `${testInfo.workerIndex}-${Date.now()}`;
  // A name with no place to break: it must wrap in the admin's rows and dialog on a phone.
  const name = `Penny Payee ${run} Unbroken${'x'.repeat(40)}`;
  const creator = await signUpViaApi(request, 'creator', name);
  const asCreator = apiAs(request, creator.token);
  const { id: creatorId } = await asCreator<{ id: string }>('GET', '/api/auth/me');
  const course = await publishCourse(asCreator, {
    title: `Payout Course ${run}`,
    description: '<p>Worth paying for.</p>',
    price: '40.00',
  });
  const student = await signUpViaApi(request, 'student');
  await payForCourse(apiAs(request, student.token), course.id);

  // Before the window has passed, the creator has nothing available and no payouts.
  await signInWithToken(page, creator.token);
  await page.goto('/creator/earnings');
  const balance = figure(page, 'Balance');
  await expect(balance).toContainText('Available now$0.00');
  const payouts = page.getByRole('region', { name: 'Payouts' });
  await expect(payouts.getByText('No payouts yet')).toBeVisible();
  // Without Stripe, no account to connect: an admin pays by bank transfer.
  const manualLine = payouts.getByText(
    'An admin pays your available balance by bank transfer to the account you give below, and records each payout here.',
  );
  await expect(manualLine).toBeVisible();
  await expect(payouts.getByRole('button', { name: /Stripe/ })).toHaveCount(0);
  const axe = new AxeReport('payouts');
  await axe.scan(page, 'earnings: no payouts', payouts.getByText('No payouts yet'));

  // 31 days later, the sale's net of 32.00 is the creator's to be paid.
  const aged = await request.post('/api/test-support/age-sales', { data: { creatorId, days: 31 } });
  expect(aged.status(), await aged.text()).toBe(204);

  // The admin signs in and opens the Payouts tab.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/admin');
  await page.getByRole('tab', { name: 'Payouts' }).click();
  await expect(page).toHaveURL('/admin?tab=payouts');
  await expect(page).toHaveTitle(/^Admin: Payouts \|/);
  const row = page.getByRole('list', { name: 'Balances to pay' }).getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('$32.00');
  await expect(row).toContainText('Paid out so far $0.00 · never paid out');
  await axe.scan(page, 'admin: payouts', row);

  // The dialog starts at the whole balance; more than that is refused there, with the server's reason.
  await row.getByRole('button', { name: `Record a payout to ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Record a payout' });
  const amount = dialog.getByLabel('Amount (USD)');
  await expect(amount).toHaveValue('32.00');
  const confirm = dialog.getByRole('button', { name: 'Record payout' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Bank transfer reference').fill(`WIRE-${run}`);
  await amount.fill('12.345');
  await amount.blur();
  await expect(dialog.getByText('Enter an amount such as 12.34')).toBeVisible();
  await expect(confirm).toBeDisabled();
  await amount.fill('40.00');
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText("The payout is more than the creator's available balance of 32.00 USD");
  await axe.scan(page, 'admin: record payout dialog', dialog.getByRole('alert'));
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await amount.fill('20.00');
  await confirm.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Payout of $20.00 recorded').first()).toBeVisible();

  // The balance left, and the payout in the list below, with who recorded it.
  await expect(row).toContainText('$12.00');
  await expect(row).toContainText('Paid out so far $20.00 · last payout');
  const recorded = page
    .getByRole('list', { name: 'Payouts' })
    .getByRole('listitem')
    .filter({ hasText: `WIRE-${run}` });
  await expect(recorded).toContainText('$20.00');
  await expect(recorded).toContainText('Paid');
  await expect(recorded).toContainText('Bank transfer');
  await axe.scan(page, 'admin: payouts after one', recorded);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(recorded).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The audit log has it.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(
    page.getByRole('list', { name: 'Audit log' }).getByRole('listitem').filter({ hasText: 'Recorded a payout' }).first(),
  ).toBeVisible();

  // The creator sees the payout, and Available and Paid out moved by its amount.
  await signInWithToken(page, creator.token);
  await page.goto('/creator/earnings');
  await expect(balance).toContainText('Available now$12.00');
  await expect(balance).toContainText('Paid out$20.00');
  // The period's figures are the sale's, whatever was paid out.
  await expect(figure(page, 'Net earnings')).toContainText('$32.00');
  const item = payouts.getByRole('listitem').filter({ hasText: `WIRE-${run}` });
  await expect(item).toContainText('$20.00');
  await expect(item).toContainText('Paid');
  await expect(item).toContainText('Bank transfer · reference');
  await axe.scan(page, 'earnings: one payout', item);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(item).toBeVisible();
  await expect(manualLine).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The CSV ends with the payouts made: date, amount, method, status and the bank's reference.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = (await readFile(await (await download).path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n');
  const section = lines.indexOf('"Payouts (all, newest first)"');
  expect(section, csv).toBeGreaterThan(lines.indexOf('"By month"'));
  expect(lines[section + 1]).toBe('"Date","Amount (USD)","Method","Status","Reference"');
  expect(lines[section + 2]).toBe(`"${new Date().toISOString().slice(0, 10)}",20.00,"Bank transfer","Paid","WIRE-${run}"`);

  // Stripe's way back (?connect=…) leaves the address; a platform without Stripe has nothing to add.
  await page.goto('/creator/earnings?connect=done');
  await expect(page).toHaveURL('/creator/earnings');
  await expect(manualLine).toBeVisible();
  await expect(item).toBeVisible();
  await expect(payouts.getByRole('status')).toHaveCount(0);

  axe.expectNoViolations();
});
