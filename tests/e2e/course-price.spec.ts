import { expect, expectNoSidewaysScroll, test } from './fixtures';

/*
 * A card payment is at least 0.50, so a course is free or costs at least that: the course form says
 * so under the price, as the server's answer would, and saves nothing until the price is one a buyer
 * can pay.
 */

/** Where a person's-eye view is kept: E2E_SHOTS_DIR when set, else the test's output folder. */
const shotPath = (name: string) =>
  process.env.E2E_SHOTS_DIR ? `${process.env.E2E_SHOTS_DIR}/${name}` : test.info().outputPath(name);

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const) {
  test(`a price between 0.01 and 0.49 is refused under the price field (${viewport.name})`, async ({ page, loginAs }) => {
    await page.setViewportSize(viewport);
    const creator = await loginAs('creator');
    await page.goto('/creator/create-course');
    await page.getByLabel('Course Title').fill('Pocket-money Prompts');
    const price = page.getByLabel('Price (USD)');
    await price.fill('0.30');
    await page.getByRole('button', { name: 'Save as Draft' }).click();

    await expect(page.getByText('Invalid price', { exact: true })).toBeVisible();
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(price).toHaveAccessibleDescription(/A course is free \(0\) or costs at least 0\.50/);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: shotPath(`course-price-refused-${viewport.width}.png`), fullPage: true });
    const listed = async () =>
      (await page.request.get('/api/creator/courses', { headers: { Authorization: `Bearer ${creator.token}` } })).json();
    expect(await listed()).toEqual([]);

    await price.fill('0.50');
    await expect(price).not.toHaveAttribute('aria-invalid');
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await expect(page).toHaveURL('/creator/dashboard');
    expect(await listed()).toMatchObject([{ title: 'Pocket-money Prompts', price: '0.50' }]);
  });
}
