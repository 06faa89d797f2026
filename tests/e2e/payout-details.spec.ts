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
 * Payouts without Stripe are bank transfers an admin makes: the creator says where on their Earnings
 * page, and the admin reads it on the balance they pay and in the dialog where they record the payout.
 */

test.describe.configure({ timeout: 150_000 });

/** Where a person's-eye view is kept: E2E_SHOTS_DIR when set, else the test's output folder. */
const shotPath = (name: string) =>
  process.env.E2E_SHOTS_DIR ? `${process.env.E2E_SHOTS_DIR}/${name}` : test.info().outputPath(name);

test('a creator says where to be paid, and the admin who pays them reads it where the payout is recorded', async ({
  page,
  request,
}, testInfo) => {
  await useStableRendering(page);
  const run = `${testInfo.workerIndex}-${Date.now()}`;
  const name = `Dora Details ${run}`;
  const creator = await signUpViaApi(request, 'creator', name);
  const asCreator = apiAs(request, creator.token);
  const { id: creatorId } = await asCreator<{ id: string }>('GET', '/api/auth/me');
  const course = await publishCourse(asCreator, { title: `Details Course ${run}`, description: '<p>Paid.</p>', price: '25.00' });
  await payForCourse(apiAs(request, (await signUpViaApi(request, 'student')).token), course.id);
  const aged = await request.post('/api/test-support/age-sales', { data: { creatorId, days: 31 } });
  expect(aged.status(), await aged.text()).toBe(204);
  const details = `Dora Details\nIBAN GB33 BUKB 2020 1555 5555 55\nBIC BUKBGB22 ${run}`;

  await signInWithToken(page, creator.token);
  const axe = new AxeReport('payout details');
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/creator/earnings');
    const form = page.getByRole('form', { name: 'Payout details' });
    const field = form.getByLabel('Where to send your payouts');
    await expect(field).toBeVisible();
    await field.fill(viewport.width > 600 ? details : `${details}\n`);
    await form.getByRole('button', { name: 'Save payout details' }).click();
    await expect(page.getByText('Payout details saved').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('form', { name: 'Payout details' }).getByLabel('Where to send your payouts')).toHaveValue(
      details,
    );
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: shotPath(`payout-details-form-${viewport.width}.png`), fullPage: true });
  }
  await axe.scan(page, 'earnings: payout details', page.getByRole('form', { name: 'Payout details' }));
  await page.setViewportSize({ width: 1280, height: 900 });

  // More than 1,000 characters cannot be typed; the counter says how far there is to go.
  const form = page.getByRole('form', { name: 'Payout details' });
  await expect(form.getByText(`${details.length} / 1000`)).toBeVisible();

  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin?tab=payouts');
  const row = page.getByRole('list', { name: 'Balances to pay' }).getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('$20.00');
  await expect(row).toContainText('Pay to');
  await expect(row).toContainText('IBAN GB33 BUKB 2020 1555 5555 55');
  await row.getByRole('button', { name: `Record a payout to ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Record a payout' });
  await expect(dialog).toContainText(`BIC BUKBGB22 ${run}`);
  await axe.scan(page, 'admin: record payout with details', dialog.getByText('Pay to'));
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: shotPath(`payout-details-admin-${viewport.width}.png`) });
  }
  axe.expectNoViolations();
});
