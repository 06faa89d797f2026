import { AxeReport, useStableRendering } from './axe-scanner';
import { apiAs, expect, readOutboxMail, test, uniqueEmail } from './fixtures';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** A second session of the account, as another browser would make it; answers its token. */
async function signInElsewhere(request: import('@playwright/test').APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/login', { data: { email, password }, headers: { 'user-agent': FIREFOX_LINUX } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function meStatus(request: import('@playwright/test').APIRequestContext, token: string) {
  return (await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status();
}

test('a student fixes the name on certificates, changes the password and signs out another device', async ({ page, loginAs }) => {
  const student = await loginAs('student');
  const elsewhere = await signInElsewhere(page.request, student.email, student.password);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile', exact: true }).click();
  await expect(page).toHaveURL(/\/account#profile$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByText('PDFs you already downloaded, keep the name they were issued with')).toBeVisible();

  // Sessions: this browser marked, the other named by its browser and system.
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This device')).toBeVisible();
  await expect(sessions.getByText('Firefox on Linux')).toBeVisible();

  const report = new AxeReport('account');
  await useStableRendering(page);
  await report.scan(page, 'account page', sessions.getByText('Firefox on Linux'));
  report.expectNoViolations();

  // Name.
  const name = page.getByLabel('Full name');
  await name.fill('');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await name.fill('Ada King Lovelace');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Name saved')).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu').getByText('Ada King Lovelace')).toBeVisible();
  await page.keyboard.press('Escape');

  // Sign out the other device: its token is refused at once.
  await sessions.getByRole('button', { name: /^Sign out Firefox on Linux/ }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText("You're not signed in anywhere else.")).toBeVisible();
  expect(await meStatus(page.request, elsewhere)).toBe(401);

  // Password: the current one is required; other sessions end, this one stays.
  const another = await signInElsewhere(page.request, student.email, student.password);
  const security = page.locator('#security');
  await security.getByLabel('Current password').fill('not-my-password');
  await security.getByLabel('New password', { exact: true }).fill('brand-new-pass-1');
  await security.getByLabel('Confirm new password').fill('brand-new-pass-1');
  await security.getByRole('button', { name: 'Change password' }).click();
  await expect(security.getByText('Your current password is not correct')).toBeVisible();
  expect(await meStatus(page.request, another)).toBe(200);
  await security.getByLabel('Current password').fill(student.password);
  await security.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your other sessions were signed out.').first()).toBeVisible();
  expect(await meStatus(page.request, another)).toBe(401);
  expect(await meStatus(page.request, student.token)).toBe(200);
  await signInElsewhere(page.request, student.email, 'brand-new-pass-1');
});

test('Settings in the user menu opens the password section', async ({ page, loginAs }) => {
  await loginAs('student');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/account#security$/);
  await expect(page.getByRole('heading', { name: 'Password' })).toBeInViewport();

  // Light and dark, desktop and phone: nothing runs off the side.
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/account');
      await expect(page.getByText('This device')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`account-${theme}-${viewport.width}.png`), fullPage: true });
    }
  }
});

test('an email change happens only when the link mailed to the new address is opened', async ({ page, loginAs }) => {
  const student = await loginAs('student');
  await page.goto('/account');
  const newEmail = uniqueEmail('moved');
  const section = page.locator('#email');
  await section.getByLabel('New email').fill(newEmail);
  await section.getByLabel('Current password').fill(student.password);
  await section.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(section.getByRole('status')).toContainText(newEmail);
  await expect(section.getByText(`You sign in with ${student.email}`)).toBeVisible();

  const mail = await readOutboxMail(newEmail);
  const link = /https?:\/\/\S+\/account\/confirm-email\?token=[\w%-]+/.exec(mail)?.[0];
  expect(link).toBeTruthy();
  const path = new URL(link ?? '').pathname + new URL(link ?? '').search;
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Email changed' })).toBeVisible();
  await expect(page.getByText(`You now sign in with ${newEmail}`)).toBeVisible();
  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(page.locator('#email').getByText(`You sign in with ${newEmail}`)).toBeVisible();

  // The link works once.
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Email not changed' })).toBeVisible();
  await expect(page.getByText('invalid, expired or already used')).toBeVisible();
});

test('a student deletes the account after reading what happens to certificates and payments', async ({ page, loginAs }) => {
  const student = await loginAs('student');
  await page.goto('/account');
  const section = page.locator('#delete');
  await expect(section.getByText('PDFs you downloaded can no longer be verified')).toBeVisible();
  await expect(section.getByText('are not refunded by deleting')).toBeVisible();

  await section.getByLabel('Current password').fill('wrong-password');
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete account' }).click();
  await expect(section.getByText('Your current password is not correct')).toBeVisible();
  expect(await meStatus(page.request, student.token)).toBe(200);

  await section.getByLabel('Current password').fill(student.password);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await meStatus(page.request, student.token)).toBe(401);
  const login = await page.request.post('/api/auth/login', { data: { email: student.email, password: student.password } });
  expect(login.status()).toBe(401);
});

test('a creator with a published course is told to archive it first, and keeps the account', async ({ page, loginAs }) => {
  const creator = await loginAs('creator');
  const api = apiAs(page.request, creator.token);
  const course = await api('POST', '/api/courses', { title: 'Published for deletion test', description: 'About', price: '0.00' });
  const section = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Basics' });
  await api('POST', `/api/modules/${section.id}/lessons`, { title: 'Welcome', type: 'text', content: '<p>Welcome</p>' });
  await api('POST', `/api/courses/${course.id}/publish`, {});
  await page.goto('/account');
  const deletion = page.locator('#delete');
  await expect(deletion.getByText('if any of your courses has students')).toBeVisible();
  await deletion.getByLabel('Current password').fill(creator.password);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByText('Archive your published courses first').first()).toBeVisible();
  expect(await meStatus(page.request, creator.token)).toBe(200);
});
