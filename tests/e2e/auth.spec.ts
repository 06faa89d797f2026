import { CREATOR_INVITE, expect, readOutboxMail, test, uniqueEmail } from './fixtures';

test('a visitor signs up, lands on the home page, opens the user menu and logs out', async ({ page }) => {
  await page.goto('/login?tab=signup');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(uniqueEmail('grace'));
  await page.getByLabel('Password').fill('compilers-1952');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Account created!')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  await page.getByRole('button', { name: 'User menu' }).click();
  // Profile and Settings open the account page (account.spec.ts follows them).
  await expect(page.getByRole('menuitem', { name: 'Profile', exact: true })).toBeEnabled();
  await expect(page.getByRole('menuitem', { name: 'Settings', exact: true })).toBeEnabled();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a short sign-up password is refused in the form', async ({ page }) => {
  await page.goto('/login?tab=signup');
  await page.getByLabel('Name').fill('Shorty');
  await page.getByLabel('Email').fill(uniqueEmail('short'));
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Password must be at least 6 characters long.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong password shows Login failed and keeps the visitor signed out', async ({ page, request }) => {
  const email = uniqueEmail('wrongpw');
  await request.post('/api/auth/signup', { data: { email, password: 'right-password', name: 'Wrong Pw' } });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the browser keeps the device cookie of a login, hidden from page scripts, and brings it to the next login', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('device');
  await request.post('/api/auth/signup', { data: { email, password: 'right-password', name: 'Device Owner' } });
  const logIn = async () => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('right-password');
    const sent = page.waitForRequest((candidate) => candidate.url().endsWith('/api/auth/login'));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    return sent;
  };

  const first = await logIn();
  expect((await first.headerValue('cookie')) ?? '').not.toContain('ga_device=');
  const cookies = (await page.context().cookies()).filter((cookie) => cookie.name === 'ga_device');
  expect(cookies).toEqual([expect.objectContaining({ path: '/api/auth', httpOnly: true, sameSite: 'Strict' })]);
  expect(await page.evaluate(() => document.cookie)).not.toContain('ga_device');

  await page.evaluate(() => localStorage.removeItem('token'));
  const second = await logIn();
  expect(await second.headerValue('cookie')).toContain(`ga_device=${cookies[0]?.value}`);
});

test('an invited creator signs up at /creator and lands on the dashboard', async ({ page }) => {
  await page.goto(`/creator?tab=signup&invite=${CREATOR_INVITE}`);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Name').fill('Fei-Fei Creator');
  await page.getByLabel('Email').fill(uniqueEmail('creator'));
  await page.getByLabel('Password').fill('imagenet-2009');
  await expect(page.getByLabel('Invitation code')).toHaveValue(CREATOR_INVITE);
  await page.getByRole('button', { name: /sign up/i }).click();
  await expect(page).toHaveURL(/\/creator\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
});

test('a creator sign-up with a wrong invitation code is refused', async ({ page }) => {
  await page.goto('/creator');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Name').fill('Not Invited');
  await page.getByLabel('Email').fill(uniqueEmail('uninvited'));
  await page.getByLabel('Password').fill('let-me-in-please');
  await page.getByLabel('Invitation code').fill('guessed-code');
  await page.getByRole('button', { name: /sign up/i }).click();
  await expect(page.getByText('Signup failed')).toBeVisible();
  await expect(page).toHaveURL(/\/creator/);
});

test('a student logging in at the creator portal is turned away', async ({ page, request }) => {
  const email = uniqueEmail('student-at-portal');
  await request.post('/api/auth/signup', { data: { email, password: 'student-pass', name: 'Portal Student' } });
  await page.goto('/creator');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('student-pass');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('reset-password without a token says the link is invalid and redirects to /login', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid reset link...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });
});

test('forgot password confirms without revealing whether the account exists', async ({ page }) => {
  await page.goto('/forgot-password');
  const email = uniqueEmail('nobody');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Another Link' })).toBeVisible();
});

test('a forgotten password is reset through the mailed link, and the new password logs in', async ({ page, request }) => {
  const email = uniqueEmail('forgetful');
  await request.post('/api/auth/signup', { data: { email, password: 'old-password', name: 'Forgetful Fran' } });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The login form has an Email field too: fill only once the next page is showing (its code may still be loading).
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Email sent!')).toBeVisible();

  const mail = await readOutboxMail(email);
  const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
  expect(link, 'reset link in the mail').toBeTruthy();
  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);

  await page.getByLabel('New password').fill('new-password-1');
  await page.getByLabel('Confirm password').fill('new-password-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel('Confirm password').fill('new-password-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('new-password-1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
});
