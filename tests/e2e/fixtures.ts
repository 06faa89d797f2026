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

/** The newest mail to `to` in the e2e server's dev outbox, with quoted-printable soft breaks undone. */
export async function readOutboxMail(to: string, timeoutMs = 10_000): Promise<string> {
  const { readdirSync, readFileSync } = await import('node:fs');
  const path = await import('node:path');
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox)
        .filter((file) => file.endsWith('.eml'))
        .sort()
        .reverse();
    } catch {
      // Not created until the first mail.
    }
    for (const file of files) {
      const text = readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (text.includes(to)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} in ${outbox}`);
}
