import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { TEST_CARD_ERRORS, TEST_CARDS } from '../../src/server/lib/payments/test-cards';
import { type StripeStandIn, startStripeStandIn } from '../helpers/stripe-stand-in';
import { AxeReport, useStableRendering } from './axe-scanner';
import { fakeStripeJs } from './fake-stripe-js';
import { test as base, expect, expectNoSidewaysScroll } from './fixtures';
import { startOwnServer } from './own-server';

/*
 * The checkout with Stripe configured, in Chromium against the built server: the server's Stripe SDK
 * talks to the HTTP stand-in of the Stripe API (STRIPE_API_URL), and the browser, which cannot reach
 * Stripe offline, gets a fake Stripe.js (fake-stripe-js.ts) whose calls to api.stripe.com this spec
 * answers, marking the stand-in's intent paid or declined as Stripe would. On the same server, a
 * creator connects a Stripe Express account for payouts (issue 24 §4): Stripe's onboarding pages are
 * offline, so the spec plays the creator's visit there and sends the browser back as Stripe would.
 */

const PUBLISHABLE_KEY = `pk_test_${randomBytes(12).toString('hex')}`;
/** Stripe's test cards that send the customer to the bank's 3-D Secure page and back. */
const AUTHENTICATES = '4000002760003184';
const FAILS_AUTHENTICATION = '4000008400001629';
const STRIPE_UNAVAILABLE = 'The secure card form could not be loaded.';

type StripeApp = { url: string; standIn: StripeStandIn };

/** The built server (dist/) on a fresh DATA_DIR with the demo seed, its Stripe SDK pointed at the stand-in. */
function startServer(standIn: StripeStandIn) {
  return startOwnServer(
    {
      SEED_DEMO: 'true',
      E2E_ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      DIST_DIR: undefined,
      STRIPE_SECRET_KEY: `sk_test_${randomBytes(12).toString('hex')}`,
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(12).toString('hex')}`,
      STRIPE_API_URL: `http://${standIn.host}:${standIn.port}`,
    },
    'ga-e2e-stripe-',
  );
}

const test = base.extend<object, { stripeApp: StripeApp }>({
  stripeApp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const standIn = await startStripeStandIn();
      const server = await startServer(standIn);
      await use({ url: server.url, standIn });
      await server.stop();
      await standIn.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ stripeApp }, use) => use(stripeApp.url),
});

// One server for the file: its tests run one after another in one worker.
test.describe.configure({ mode: 'default', timeout: 60_000 });

/** Serves the fake Stripe.js, and answers its confirm calls as Stripe would for the card typed. */
async function fakeStripe(page: Page, standIn: StripeStandIn) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: `(${fakeStripeJs.toString()})();` }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const headers = { 'access-control-allow-origin': '*' };
    const form = new URLSearchParams(route.request().postData() ?? '');
    const intentId = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(new URL(route.request().url()).pathname)?.[1] ?? '';
    const intent = standIn.intent(intentId);
    if (!intent || form.get('key') !== PUBLISHABLE_KEY || form.get('client_secret') !== intent.client_secret) {
      const error = { type: 'invalid_request_error', message: 'No such payment_intent' };
      return route.fulfill({ status: 404, headers, json: { error } });
    }
    const card = form.get('payment_method_data[card][number]');
    const backFromBank = (status: string) =>
      `${form.get('return_url')}&payment_intent=${intent.id}&payment_intent_client_secret=${intent.client_secret}&redirect_status=${status}`;
    if (card === TEST_CARDS.succeeds) {
      await standIn.pay(intent.id);
      return route.fulfill({ headers, json: standIn.intent(intent.id) });
    }
    if (card === AUTHENTICATES || card === FAILS_AUTHENTICATION) {
      const isPaid = card === AUTHENTICATES;
      if (isPaid) await standIn.pay(intent.id);
      else await standIn.decline(intent.id, TEST_CARD_ERRORS.declined);
      const nextAction = { type: 'redirect_to_url', redirect_to_url: { url: backFromBank(isPaid ? 'succeeded' : 'failed') } };
      return route.fulfill({ headers, json: { ...intent, status: 'requires_action', next_action: nextAction } });
    }
    await standIn.decline(intent.id, TEST_CARD_ERRORS.declined);
    const error = { type: 'card_error', code: 'card_declined', message: TEST_CARD_ERRORS.declined };
    return route.fulfill({ status: 402, headers, json: { error } });
  });
}

/** A paid course of the demo seed, and its checkout's address. */
async function paidCourse(page: Page): Promise<{ id: string; title: string }> {
  const response = await page.request.get('/api/courses');
  const courses = (await response.json()) as { id: string; title: string; price: string }[];
  const course = courses.find(({ price }) => Number(price) > 0);
  if (!course) throw new Error('the demo seed has no paid course');
  return course;
}

async function myCourses(page: Page, token: string) {
  const response = await page.request.get('/api/my-courses', { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as { id: string }[];
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
}

test('a declined card enrolls nobody; 4242 pays, enrolls and lists the course in My Courses', async ({
  page,
  loginAs,
  stripeApp,
}) => {
  await fakeStripe(page, stripeApp.standIn);
  const { token } = await loginAs('student');
  const course = await paidCourse(page);
  const response = await page.goto(`/checkout/${course.id}`);
  // The page's own policy lets Stripe.js in (and the fake's calls to api.stripe.com, or it could not pay).
  expect(response?.headers()['content-security-policy']).toMatch(
    /script-src 'self' 'wasm-unsafe-eval' https:\/\/js\.stripe\.com( 'sha256-[^']+')*;/,
  );
  await expect(page.getByLabel('Card number')).toBeVisible();
  // Stripe takes the payment for real here: the test-mode note belongs to the built-in processor only.
  await expect(page.getByRole('note')).toHaveCount(0);

  // Elements follows the app's theme.
  await expect(page.locator('html')).toHaveAttribute('data-fake-stripe-theme', 'stripe');
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-fake-stripe-theme', 'night');

  await payWith(page, TEST_CARDS.declined);
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(page.getByText(TEST_CARD_ERRORS.declined)).toBeVisible();
  expect(await myCourses(page, token)).toEqual([]);
  await expect(page.getByRole('button', { name: 'Complete Purchase' })).toBeEnabled();

  await payWith(page, TEST_CARDS.succeeds);
  await expect(page.getByRole('dialog', { name: 'Congratulations!' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to My Courses' }).click();
  await expect(page.getByRole('link', { name: course.title, exact: true })).toBeVisible();
  expect((await myCourses(page, token)).map(({ id }) => id)).toEqual([course.id]);
});

test('back from the bank: a failed authentication says why and offers the form again; a passed one enrolls', async ({
  page,
  loginAs,
  stripeApp,
}) => {
  await fakeStripe(page, stripeApp.standIn);
  const { token } = await loginAs('student');
  const course = await paidCourse(page);
  await page.goto(`/checkout/${course.id}`);

  await payWith(page, FAILS_AUTHENTICATION);
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(page.getByText(TEST_CARD_ERRORS.declined)).toBeVisible();
  // The client secret is gone from the address bar, and a new payment can start.
  await expect(page).toHaveURL(`${stripeApp.url}/checkout/${course.id}`);
  await expect(page.getByLabel('Card number')).toBeVisible();
  expect(await myCourses(page, token)).toEqual([]);

  await payWith(page, AUTHENTICATES);
  await expect(page.getByRole('dialog', { name: 'Congratulations!' })).toBeVisible();
  await expect(page).toHaveURL(`${stripeApp.url}/checkout/${course.id}`);
  expect((await myCourses(page, token)).map(({ id }) => id)).toEqual([course.id]);
});

test('when Stripe.js cannot load, the checkout says so instead of a form that cannot pay', async ({ page, loginAs }) => {
  await page.route('https://js.stripe.com/**', (route) => route.abort('blockedbyclient'));
  await loginAs('student');
  const course = await paidCourse(page);
  await page.goto(`/checkout/${course.id}`);
  const error = page.getByRole('alert').filter({ hasText: 'Payment Error' });
  await expect(error).toContainText(STRIPE_UNAVAILABLE);
  await expect(error.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Purchase' })).toHaveCount(0);
});

test('a cart of two courses is one Stripe payment: declined, then paid after the bank, it enrolls in both', async ({
  page,
  loginAs,
  stripeApp,
}) => {
  await fakeStripe(page, stripeApp.standIn);
  const { token } = await loginAs('student');
  const response = await page.request.get('/api/courses');
  const paid = ((await response.json()) as { id: string; title: string; price: string }[])
    .filter(({ price }) => Number(price) > 0)
    .slice(0, 2);
  expect(paid).toHaveLength(2);
  for (const course of paid) {
    const added = await page.request.put(`/api/cart/${course.id}`, { headers: { authorization: `Bearer ${token}` }, data: {} });
    expect(added.ok(), await added.text()).toBe(true);
  }
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  const total = paid.reduce((sum, course) => sum + Math.round(Number(course.price) * 100), 0);
  await expect(page.getByTestId('cart-pay-total')).toHaveText(`$${(total / 100).toFixed(2)}`);

  await payWith(page, TEST_CARDS.declined);
  await expect(page.getByText('Payment Failed')).toBeVisible();
  expect(await myCourses(page, token)).toEqual([]);

  await payWith(page, AUTHENTICATES);
  const done = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Congratulations!' }) });
  await expect(done).toBeVisible();
  for (const course of paid) await expect(done).toContainText(course.title);
  // Back from the bank at /cart: the client secret has left the address bar.
  await expect(page).toHaveURL(`${stripeApp.url}/cart`);
  expect((await myCourses(page, token)).map(({ id }) => id).sort()).toEqual(paid.map(({ id }) => id).sort());
});

test('a creator connects Stripe for payouts: an expired link, then onboarding finished, and payouts are automatic', async ({
  page,
  loginAs,
  stripeApp,
}) => {
  const { standIn } = stripeApp;
  await useStableRendering(page);
  await loginAs('creator');
  // Stripe's hosted onboarding, offline: a page standing in for it.
  await page.route('https://connect.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe onboarding</title><h1>Stripe</h1>' }),
  );
  /** Where the last onboarding link sends the creator back: `refresh_url` (the link expired) or `return_url` (left onboarding). */
  const backFromStripe = (which: 'refresh_url' | 'return_url') => {
    const link = standIn.requests.filter((request) => request.path === '/v1/account_links').at(-1);
    const back = new URL(String(link?.body[which]));
    return { accountId: String(link?.body.account), path: `${back.pathname}${back.search}` };
  };

  await page.goto('/creator/earnings');
  const payouts = page.getByRole('region', { name: 'Payouts' });
  const connect = payouts.getByRole('button', { name: 'Connect with Stripe' });
  await expect(connect).toBeVisible();
  const report = new AxeReport('stripe payout setup');
  await report.scan(page, 'not connected', connect);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // From the keyboard, to Stripe; the link has expired by the time it is used, so Stripe sends the creator back to refresh.
  await connect.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_/);
  const expired = backFromStripe('refresh_url');
  expect(expired.path).toBe('/creator/earnings?connect=refresh');
  await page.goto(expired.path);
  await expect(page).toHaveURL(`${stripeApp.url}/creator/earnings`);
  await expect(payouts.getByRole('status').filter({ hasText: 'That Stripe link had expired' })).toBeVisible();
  // The server asked Stripe: the account exists, its onboarding is unfinished.
  const finish = payouts.getByRole('button', { name: 'Finish Stripe setup' });
  await expect(finish).toBeVisible();
  await report.scan(page, 'unfinished, link expired', finish);

  // A new link; this time the creator finishes onboarding and Stripe sends them back.
  await finish.click();
  await expect(page).toHaveURL(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_/);
  const done = backFromStripe('return_url');
  expect(done.accountId).toBe(expired.accountId);
  standIn.completeOnboarding(done.accountId);
  await page.goto(done.path);
  await expect(page).toHaveURL(`${stripeApp.url}/creator/earnings`);
  await expect(payouts.getByRole('status').filter({ hasText: 'Stripe has confirmed your account' })).toBeVisible();
  const ready = payouts.getByText('Payouts go to your connected Stripe account automatically once your balance is available.');
  await expect(ready).toBeVisible();
  await expect(payouts.getByRole('button', { name: /Stripe/ })).toHaveCount(0);
  await report.scan(page, 'ready', ready);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(ready).toBeVisible();
  await expectNoSidewaysScroll(page);
  // Known ready now: a reload answers from the server's row, no notice, same line.
  await page.reload();
  await expect(ready).toBeVisible();
  await expect(payouts.getByRole('status')).toHaveCount(0);

  report.expectNoViolations();
});
