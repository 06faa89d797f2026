import type { Page } from '@playwright/test';
import { apiAs, expect, expectNoSidewaysScroll, payForCourse, publishCourse, signUpViaApi, test } from './fixtures';

/*
 * One definition of a creator's money, the same on every page: the dashboard's Total Revenue and This
 * Month are the Earnings page's net, and the Earnings cards add up (gross − refunds − fees = net, the
 * fee of a refunded sale returned), here after three sales and one refund.
 */

test.describe.configure({ timeout: 150_000 });

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Where a person's-eye view is kept: E2E_SHOTS_DIR when set, else the test's output folder. */
const shotPath = (name: string) =>
  process.env.E2E_SHOTS_DIR ? `${process.env.E2E_SHOTS_DIR}/${name}` : test.info().outputPath(name);

const group = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const cents = (text: string) => Math.round(Number(/-?\$([\d,]+\.\d{2})/.exec(text)?.[1]?.replaceAll(',', '')) * 100);
const amountOf = async (page: Page, label: string) => cents((await group(page, label).textContent()) ?? '');

test('the dashboard’s revenue is the Earnings page’s net, and the Earnings cards add up after a refund', async ({
  page,
  request,
  loginAs,
}, testInfo) => {
  const creator = await loginAs('creator');
  const api = apiAs(request, creator.token);
  const run = `${testInfo.workerIndex}-${Date.now()}`;
  const big = await publishCourse(api, { title: `Figures Big ${run}`, description: '<p>Deep.</p>', price: '40.00' });
  const small = await publishCourse(api, { title: `Figures Small ${run}`, description: '<p>Short.</p>', price: '19.99' });
  const buyers = [];
  for (const course of [big, small, small]) {
    const student = await signUpViaApi(request, 'student');
    await payForCourse(apiAs(request, student.token), course.id);
    buyers.push(student);
  }
  // The last buyer asks for their money back: the sale stays in gross, its refund and returned fee follow.
  const refunder = buyers[2];
  if (!refunder) throw new Error('no buyer');
  await apiAs(request, refunder.token)('POST', `/api/courses/${small.id}/refund`);

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);

      await page.goto('/creator/dashboard');
      const total = group(page, 'Total Revenue');
      await expect(total).toContainText('$47.99');
      await expect(total).toContainText('Net earnings, all time');
      await expect(group(page, 'This Month')).toContainText('$47.99');
      await expect(group(page, 'This Month')).toContainText(/Net earnings in \w+/);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: shotPath(`dashboard-figures-${theme}-${viewport.width}.png`), fullPage: true });

      await page.goto('/creator/earnings');
      // 40.00 + 19.99 + 19.99 paid; 19.99 refunded; fees 8.00 + 4.00 kept (the refunded sale's 4.00 returned).
      await expect(group(page, 'Gross sales')).toContainText('$79.98');
      await expect(group(page, 'Refunds')).toContainText('$19.99');
      await expect(group(page, 'Platform fees')).toContainText('$12.00');
      await expect(group(page, 'Net earnings')).toContainText('$47.99');
      const [gross, refunds, fees, net] = await Promise.all(
        ['Gross sales', 'Refunds', 'Platform fees', 'Net earnings'].map((label) => amountOf(page, label)),
      );
      expect((gross ?? 0) - (refunds ?? 0) - (fees ?? 0)).toBe(net);
      // The cards say how they add up, in the order they are read.
      await expect(group(page, 'Refunds')).toContainText('−$19.99');
      await expect(group(page, 'Platform fees')).toContainText('−$12.00');
      await expect(group(page, 'Net earnings')).toContainText('=$47.99');
      await expect(group(page, 'Net earnings')).toContainText('Gross − refunds − fees');
      const smallRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: small.title as string }) });
      // A phone stacks each cell with its column's name; a wide screen has the columns, in the same order.
      const cells = ['2', '$39.98', '$19.99', '$4.00', '$15.99'];
      await expect(smallRow.getByRole('cell')).toHaveText(
        viewport.width > 600 ? cells : cells.map((value) => new RegExp(`${value.replace('$', '\\$')}$`)),
        { useInnerText: true },
      );
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: shotPath(`earnings-figures-${theme}-${viewport.width}.png`), fullPage: true });
    }
  }
});
