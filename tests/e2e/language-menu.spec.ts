import type { Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, test, waitForApp } from './fixtures';

/* Issue 40: the language menu in the header and the footer, on a phone, by mouse and by keyboard. */

test.describe.configure({ timeout: 120_000 });

/** Picks `name` in the menu its `button` opens, then waits for the page the choice reloads. */
async function choose(page: Page, button: ReturnType<Page['getByRole']>, name: string) {
  await button.click();
  const option = page.getByRole('menuitemradio', { name });
  await expect(option).toBeVisible();
  await Promise.all([page.waitForEvent('load'), option.click()]);
  await waitForApp(page);
}

const localeCookie = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === 'locale');

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header and the footer switch the language, and every language fits the bar', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const menuButton = header.getByRole('button', { name: 'Choose a language', exact: true });
    await expect(menuButton).toBeVisible();
    await expectNoSidewaysScroll(page);

    await menuButton.click();
    const options = page.getByRole('menu', { name: 'Choose a language' }).getByRole('menuitemradio');
    await expect(options).toHaveText(['English', 'Español', 'Deutsch', 'العربية']);
    await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('lang', 'de');
    await page.keyboard.press('Escape');

    await choose(page, menuButton, 'Español');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect(await localeCookie(page)).toMatchObject({ value: 'es', path: '/', sameSite: 'Lax' });
    await expect(header.getByRole('button', { name: 'Elige un idioma', exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await choose(page, header.getByRole('button', { name: 'Elige un idioma', exact: true }), 'Deutsch');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expectNoSidewaysScroll(page);

    // The footer's button shows the current language, in its own name.
    const footerButton = page.getByRole('contentinfo').getByRole('button', { name: 'Sprache wählen (aktuell: Deutsch)' });
    await footerButton.scrollIntoViewIfNeeded();
    await choose(page, footerButton, 'العربية');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectNoSidewaysScroll(page);

    await choose(page, header.getByRole('button', { name: 'اختر لغة', exact: true }), 'English');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });
});

test('the keyboard opens the menu and picks a language', async ({ page }) => {
  await page.goto('/login');
  const menuButton = page.getByRole('button', { name: 'Choose a language', exact: true });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu', { name: 'Choose a language' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'Español' })).toBeFocused();
  await page.keyboard.press('Enter');
  // The choice reloads the page in Spanish.
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await waitForApp(page);
});

test("an address's ?lang= becomes the cookie, and a choice made there drops it", async ({ page }) => {
  await page.goto('/courses?lang=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await localeCookie(page)).toMatchObject({ value: 'de' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.goto('/courses?q=neural&lang=de');
  await choose(page, page.getByRole('banner').getByRole('button', { name: 'Sprache wählen', exact: true }), 'English');
  await expect(page).toHaveURL(/\/courses\?q=neural$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test("a signed-in user's choice is saved on their account", async ({ page, loginAs }) => {
  await loginAs('student');
  const saved = page.waitForRequest(
    (request) => request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/auth/me',
  );
  await choose(page, page.getByRole('banner').getByRole('button', { name: 'Choose a language', exact: true }), 'Deutsch');
  expect((await saved).postDataJSON()).toEqual({ locale: 'de' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});
