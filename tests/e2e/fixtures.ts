import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type APIResponse, test as base, expect, type Page } from '@playwright/test';

export const CREATOR_INVITE = process.env.CREATOR_INVITE_CODE ?? 'e2e-creator-invite';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@e2e.test`;
}

export type Account = { email: string; password: string; name: string; token: string; role: 'student' | 'creator' };

/** Signs up through the API: a student, or a creator with the e2e invitation code. */
export async function signUpViaApi(
  request: APIRequestContext,
  role: 'student' | 'creator',
  name = role === 'creator' ? 'Cora Creator' : 'Stu Dent',
): Promise<Account> {
  const account = { email: uniqueEmail(role), password: 'correct-horse-9', name };
  const response = await request.post('/api/auth/signup', {
    data: { ...account, role, ...(role === 'creator' ? { inviteCode: CREATOR_INVITE } : {}) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { ...account, token, role };
}

/** A JSON call as one account; an answer other than 2xx fails the test with the server's message. */
export type Api = <T = { id: string } & Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: object,
) => Promise<T>;

export function apiAs(request: APIRequestContext, token: string): Api {
  return async (method, url, body) => {
    const response = await request.fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(body ? { data: body } : {}),
    });
    expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
    return response.status() === 204 ? (null as never) : response.json();
  };
}

/**
 * The ids of every course in the marketplace, in its Popular order: `GET /api/courses` a page at a
 * time, following each page's `Link: <…>; rel="next"` (a page holds at most 100).
 */
export async function catalogueIds(request: APIRequestContext): Promise<string[]> {
  const ids: string[] = [];
  for (let next: string | undefined = '/api/courses'; next !== undefined; ) {
    const response: APIResponse = await request.get(next);
    expect(response.ok(), `${next}: ${await response.text()}`).toBe(true);
    ids.push(...((await response.json()) as { id: string }[]).map((course) => course.id));
    next = /^<([^>]+)>; rel="next"$/.exec(response.headers().link ?? '')?.[1];
  }
  return ids;
}

/** Pays for a course with the built-in test processor's good card, as the checkout page does. */
/** A published course of one module with one text slide, made through the creator's API. */
export async function publishCourse(
  api: Api,
  course: { title: string; description: string; price: string; difficulty?: string },
  slide = { module: 'Start', title: 'First steps', content: '<p>Go.</p>' },
) {
  const created = await api('POST', '/api/courses', course);
  const module = await api('POST', `/api/courses/${created.id}/modules`, { title: slide.module });
  await api('POST', `/api/modules/${module.id}/lessons`, { title: slide.title, type: 'text', content: slide.content });
  await api('POST', `/api/courses/${created.id}/publish`, {});
  return created;
}

export async function payForCourse(api: Api, courseId: string): Promise<void> {
  const { paymentIntentId } = await api<{ paymentIntentId: string }>('POST', '/api/create-payment-intent', { courseId });
  const paid = await api<{ status: string }>('POST', `/api/test-payments/${paymentIntentId}/confirm`, {
    cardNumber: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: new Date().getFullYear() + 2,
    cvc: '123',
  });
  expect(paid).toMatchObject({ status: 'succeeded' });
  await api('POST', '/api/confirm-payment', { paymentIntentId, courseId });
}

/**
 * The visitor's first sign of use, as a pointer moving over the page makes it: a page for reading runs
 * its code only then (docs/performance.md, First paint), and a test is a visitor.
 */
export async function engage(page: Page): Promise<void> {
  await page.evaluate(() => document.dispatchEvent(new PointerEvent('pointermove', { bubbles: true })));
}

/**
 * Waits until the app has drawn the page or taken over the one the server drew (`data-app-ready`, set
 * by src/web/app/index.tsx): a server-drawn page shows at once, but its buttons answer only then.
 */
export async function waitForApp(page: Page): Promise<void> {
  const { pathname } = new URL(page.url());
  if (pathname.startsWith('/api/') || pathname.startsWith('/objects/')) return;
  await engage(page);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/** The page's goto and reload wait for the app too, so a test never clicks a button React has not taken over. */
export function waitForAppOnLoad(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForApp(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForApp(page);
    return response;
  };
  return page;
}

export const test = base.extend<{ loginAs: (role: 'student' | 'creator') => Promise<Account> }>({
  page: async ({ page }, use) => {
    await use(waitForAppOnLoad(page));
  },
  loginAs: async ({ page }, use) => {
    await use(async (role) => {
      const account = await signUpViaApi(page.request, role);
      await page.goto('/');
      await page.evaluate((token) => localStorage.setItem('token', token), account.token);
      await page.reload();
      return account;
    });
  },
});

/** The admin that scripts/e2e-server.mjs makes with `npm run admin`. */
export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'admin-e2e-pass-9',
};

/** Signs the page in as the token's user, as the app keeps a session: the token in localStorage. */
export async function signInWithToken(page: Page, token: string) {
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.reload();
}

/** The page is no wider than its window: nothing makes a phone scroll sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

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
