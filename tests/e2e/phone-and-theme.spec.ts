import { expect as baseExpect, test, waitForAppOnLoad } from './fixtures';

// These walk through several pages each; on a busy machine a page's first load alone can take seconds.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/* Issue 22 item 7: search on a phone, and the system's colour scheme until the user picks a theme. */

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a search button in the top bar opens the course search', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('searchbox', { name: 'Search courses' })).toBeHidden();
    const open = page.getByRole('button', { name: 'Search courses' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();
    const box = page.getByRole('searchbox', { name: 'Search courses' });
    await expect(box).toBeFocused();

    // Escape closes it and gives focus back to the button.
    await box.press('Escape');
    await expect(box).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('neural');
    await page.getByRole('searchbox', { name: 'Search courses' }).press('Enter');
    // Home no longer searches: the search goes to the search page.
    await expect(page).toHaveURL(/\/courses\?q=neural$/);
    await expect(page.getByRole('searchbox', { name: 'Search courses' })).toBeHidden();
  });
});

test("the theme follows the system's preference until the user picks one, from the first paint", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, colorScheme: 'dark' });
  const page = await context.newPage();
  const html = page.locator('html');

  // First paint, before any of the app's code: only theme-init.js (inline, allowed by its CSP hash) ran.
  await page.route('**/assets/**', (route) => route.abort());
  const csp = (await page.goto('/login'))?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain('sha256-');
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#12131c');
  await page.unroute('**/assets/**');

  waitForAppOnLoad(page);
  await page.goto('/');
  await expect(html).toHaveClass(/\bdark\b/);
  // The system switches: the page follows while the user has not picked.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);

  // A pick wins over the system, across reloads.
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).not.toHaveClass(/\bdark\b/);
  await context.close();
});
