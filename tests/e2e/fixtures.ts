import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';

export const CREATOR_INVITE = process.env.CREATOR_INVITE_CODE ?? 'e2e-creator-invite';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@e2e.test`;
}

type Account = { email: string; password: string; name: string; token: string; role: 'student' | 'creator' };

/** Signs up through the API and puts the token where the app keeps it, as a returning user would have. */
async function signUpViaApi(page: Page, role: 'student' | 'creator'): Promise<Account> {
  const account = {
    email: uniqueEmail(role),
    password: 'correct-horse-9',
    name: role === 'creator' ? 'Cora Creator' : 'Stu Dent',
  };
  const response = await page.request.post('/api/auth/signup', {
    data: { ...account, role, ...(role === 'creator' ? { inviteCode: CREATOR_INVITE } : {}) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { ...account, token, role };
}

export const test = base.extend<{ loginAs: (role: 'student' | 'creator') => Promise<Account> }>({
  loginAs: async ({ page }, use) => {
    await use(async (role) => {
      const account = await signUpViaApi(page, role);
      await page.goto('/');
      await page.evaluate((token) => localStorage.setItem('token', token), account.token);
      await page.reload();
      return account;
    });
  },
});

export { expect };
