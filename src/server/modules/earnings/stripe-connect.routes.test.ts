import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, users } from '#db/schema/index';
import { bearer, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { postStripeWebhook, startStripeForTests, stripeEvent } from '#tests/helpers/stripe';
import type { StandInAccount, StripeStandIn } from '#tests/helpers/stripe-stand-in';
import { storeAccountStatus } from '../../lib/stripe-connect';

/*
 * POST /api/creator/payouts/connect (issue 24 §4): a creator connects a Stripe Express account for
 * payouts; GET tells whether it can receive transfers yet, learnt from Stripe when the creator comes
 * back from onboarding and from `account.updated` webhooks (ADR 0032, "Readiness").
 */

let standIn: StripeStandIn;
let webhookSecret: string;
let stripeApp: TestApp;
let testApp: TestApp;

beforeAll(async () => {
  const stripe = await startStripeForTests();
  standIn = stripe.standIn;
  webhookSecret = stripe.webhookSecret;
  stripeApp = await createTestApp({ paymentProvider: stripe.provider });
  // The built-in test processor, on the same database.
  testApp = await createTestApp({ db: stripeApp.db });
});
afterAll(async () => {
  await testApp?.close();
  await stripeApp?.close();
  await standIn?.close();
});

const connect = (app: TestApp, user?: TestUser) =>
  app.app.inject({ method: 'POST', url: '/api/creator/payouts/connect', headers: user ? bearer(user) : {} });
const status = (app: TestApp, user?: TestUser) =>
  app.app.inject({ method: 'GET', url: '/api/creator/payouts/connect', headers: user ? bearer(user) : {} });
const storedAccount = async (user: TestUser) =>
  (await stripeApp.db.db.select({ id: users.stripeAccountId }).from(users).where(eq(users.id, user.id)))[0]?.id;
const storedReady = async (user: TestUser) =>
  (await stripeApp.db.db.select({ ready: users.stripePayoutsReady }).from(users).where(eq(users.id, user.id)))[0]?.ready;
/** The times the app read the account at Stripe. */
const accountReads = (accountId: string) =>
  standIn.requests.filter((request) => request.method === 'GET' && request.path === `/v1/accounts/${accountId}`).length;
const accountEvent = (account: StandInAccount | undefined, id?: string) => {
  if (!account) throw new Error('no such account');
  // A Connect event names the connected account it is about.
  return JSON.stringify({ ...JSON.parse(stripeEvent('account.updated', account, id)), account: account.id });
};
const deliver = async (payload: string, secret = webhookSecret) => postStripeWebhook(stripeApp, payload, secret);

/** A creator who started onboarding (the account exists, transfers are not possible yet). */
async function onboardingCreator() {
  const creator = await createUser(stripeApp.db.db, { role: 'creator' });
  expect((await connect(stripeApp, creator)).statusCode).toBe(200);
  const accountId = (await storedAccount(creator)) ?? '';
  expect(accountId).toMatch(/^acct_/);
  return { creator, accountId };
}

describe('POST /api/creator/payouts/connect', () => {
  it('with Stripe: makes the creator an Express account once, keeps it, and answers an onboarding link each time', async () => {
    const creator = await createUser(stripeApp.db.db, { role: 'creator' });
    const first = await connect(stripeApp, creator);
    expect(first.statusCode, first.body).toBe(200);
    const accountId = await storedAccount(creator);
    expect(accountId).toMatch(/^acct_/);
    expect(first.json()).toEqual({
      url: expect.stringMatching(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${accountId}/`)),
    });
    const made = standIn.accounts().find((account) => account.id === accountId);
    expect(made).toMatchObject({ type: 'express', email: creator.email, metadata: { creatorId: creator.id } });
    const link = standIn.requests.filter((request) => request.path === '/v1/account_links').at(-1);
    expect(link?.body).toMatchObject({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: expect.stringMatching(/\/creator\/earnings\?connect=refresh$/),
      return_url: expect.stringMatching(/\/creator\/earnings\?connect=done$/),
    });

    const accountsBefore = standIn.accounts().length;
    const again = await connect(stripeApp, creator);
    expect(again.statusCode).toBe(200);
    expect(again.json().url).not.toBe(first.json().url);
    expect(standIn.accounts().length).toBe(accountsBefore);
    expect(await storedAccount(creator)).toBe(accountId);
  });

  it('with Stripe: parallel first calls make one account', async () => {
    const creator = await createUser(stripeApp.db.db, { role: 'creator' });
    const before = standIn.accounts().length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => connect(stripeApp, creator)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(standIn.accounts().length).toBe(before + 1);
    expect(await storedAccount(creator)).toBe(standIn.accounts().at(-1)?.id);
  });

  it('with Stripe: a creator whose account can receive transfers is paid by Stripe, so an admin cannot record a bank transfer to them', async () => {
    const admin = await createUser(stripeApp.db.db, { role: 'admin' });
    const creator = await createUser(stripeApp.db.db, { role: 'creator' });
    expect((await connect(stripeApp, creator)).statusCode).toBe(200);
    const record = () =>
      stripeApp.app.inject({
        method: 'POST',
        url: '/api/admin/payouts',
        headers: bearer(admin),
        payload: { creatorId: creator.id, amount: '1.00', reference: 'WIRE' },
      });
    // Onboarding unfinished: Stripe cannot pay them yet, so an admin may (the usual balance check answers).
    const unfinished = await record();
    expect(unfinished.statusCode).toBe(409);
    expect(unfinished.json().message).toBe('This creator has no available balance to pay out');

    standIn.completeOnboarding((await storedAccount(creator)) ?? '');
    expect((await status(stripeApp, creator)).json()).toEqual({ payoutsBy: 'stripe', account: 'ready' });
    const recorded = await record();
    expect(recorded.statusCode).toBe(409);
    expect(recorded.json().message).toBe(
      'This creator has connected a Stripe account: Stripe transfers pay them, not a recorded bank transfer',
    );
    // The built-in processor's server pays everyone by recorded transfers: the usual balance check answers.
    const manual = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/payouts',
      headers: bearer(admin),
      payload: { creatorId: creator.id, amount: '1.00', reference: 'WIRE' },
    });
    expect(manual.statusCode).toBe(409);
    expect(manual.json().message).toBe('This creator has no available balance to pay out');
  });

  it('is for creators only, and without Stripe answers that an admin records payouts', async () => {
    const student = await createUser(stripeApp.db.db);
    const admin = await createUser(stripeApp.db.db, { role: 'admin' });
    const before = standIn.requests.length;
    expect((await connect(stripeApp)).statusCode).toBe(401);
    expect((await connect(stripeApp, student)).statusCode).toBe(403);
    expect((await connect(stripeApp, admin)).statusCode).toBe(403);
    expect(standIn.requests.length).toBe(before);

    const creator = await createUser(testApp.db.db, { role: 'creator' });
    const refused = await connect(testApp, creator);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Payouts are recorded by an admin here/);
    expect(await storedAccount(creator)).toBeNull();
  });
});

describe('GET /api/creator/payouts/connect', () => {
  it('with Stripe: not connected, then unfinished, then ready once Stripe says the account can receive transfers', async () => {
    const creator = await createUser(stripeApp.db.db, { role: 'creator' });
    expect((await status(stripeApp, creator)).json()).toEqual({ payoutsBy: 'stripe', account: 'not_connected' });
    expect((await connect(stripeApp, creator)).statusCode).toBe(200);
    const accountId = (await storedAccount(creator)) ?? '';
    // Back from onboarding, unfinished: Stripe is asked, and says not yet.
    const unfinished = await status(stripeApp, creator);
    expect(unfinished.statusCode, unfinished.body).toBe(200);
    expect(unfinished.json()).toEqual({ payoutsBy: 'stripe', account: 'unfinished' });
    expect(accountReads(accountId)).toBe(1);
    expect(await storedReady(creator)).toBe(false);

    standIn.completeOnboarding(accountId);
    expect((await status(stripeApp, creator)).json()).toEqual({ payoutsBy: 'stripe', account: 'ready' });
    expect(await storedReady(creator)).toBe(true);
    // Known to be ready: answered from the row (account.updated tells of a change).
    expect((await status(stripeApp, creator)).json()).toEqual({ payoutsBy: 'stripe', account: 'ready' });
    expect(accountReads(accountId)).toBe(2);
  });

  it('without Stripe: an admin records payouts, and no account is asked about', async () => {
    const creator = await createUser(testApp.db.db, { role: 'creator' });
    const answer = await status(testApp, creator);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ payoutsBy: 'admin', account: null });
  });

  it('is for creators only', async () => {
    const student = await createUser(stripeApp.db.db);
    const admin = await createUser(stripeApp.db.db, { role: 'admin' });
    expect((await status(stripeApp)).statusCode).toBe(401);
    expect((await status(stripeApp, student)).statusCode).toBe(403);
    expect((await status(stripeApp, admin)).statusCode).toBe(403);
  });

  it('keeps a newer answer when an older one arrives later', async () => {
    const { creator, accountId } = await onboardingCreator();
    const now = Date.now();
    expect(await storeAccountStatus(stripeApp.db.db, { accountId, ready: true }, now)).toBe(true);
    expect(await storeAccountStatus(stripeApp.db.db, { accountId, ready: false }, now - 1000)).toBe(true);
    expect(await storedReady(creator)).toBe(true);
    expect(await storeAccountStatus(stripeApp.db.db, { accountId, ready: false }, now + 1000)).toBe(false);
    expect(await storeAccountStatus(stripeApp.db.db, { accountId: 'acct_nobody', ready: true }, now)).toBeNull();
  });
});

describe('account.updated webhooks', () => {
  const eventsOf = (accountId: string) =>
    stripeApp.db.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, 'stripe'), eq(paymentEvents.providerPaymentId, accountId)));

  it('mark the account ready once, however often the event is delivered', async () => {
    const { creator, accountId } = await onboardingCreator();
    standIn.completeOnboarding(accountId);
    const event = accountEvent(standIn.account(accountId));
    const answers = await Promise.all([deliver(event), deliver(event)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await storedReady(creator)).toBe(true);
    const reads = accountReads(accountId);
    expect((await deliver(event)).statusCode).toBe(200);
    // Recorded once; a redelivery asks Stripe nothing and changes nothing.
    expect(accountReads(accountId)).toBe(reads);
    expect(await eventsOf(accountId)).toHaveLength(1);
    expect((await status(stripeApp, creator)).json()).toEqual({ payoutsBy: 'stripe', account: 'ready' });

    // Stripe restricts the account later: the next event says so.
    standIn.restrictAccount(accountId);
    expect((await deliver(accountEvent(standIn.account(accountId)))).statusCode).toBe(200);
    expect(await storedReady(creator)).toBe(false);
    expect((await status(stripeApp, creator)).json()).toEqual({ payoutsBy: 'stripe', account: 'unfinished' });
  });

  it('agree with the onboarding return in any order, and a late event of the unfinished account does not undo ready', async () => {
    // The webhook first, then the creator comes back.
    const first = await onboardingCreator();
    standIn.completeOnboarding(first.accountId);
    expect((await deliver(accountEvent(standIn.account(first.accountId)))).statusCode).toBe(200);
    expect(await storedReady(first.creator)).toBe(true);
    expect((await status(stripeApp, first.creator)).json()).toEqual({ payoutsBy: 'stripe', account: 'ready' });

    // The creator comes back first, then the webhook, then an older event of the account still unfinished.
    const second = await onboardingCreator();
    const stale = accountEvent(standIn.account(second.accountId));
    standIn.completeOnboarding(second.accountId);
    expect((await status(stripeApp, second.creator)).json()).toEqual({ payoutsBy: 'stripe', account: 'ready' });
    expect((await deliver(accountEvent(standIn.account(second.accountId)))).statusCode).toBe(200);
    expect((await deliver(stale)).statusCode).toBe(200);
    expect(await storedReady(second.creator)).toBe(true);
    expect(await eventsOf(second.accountId)).toHaveLength(2);
  });

  it('a forged signature is refused with 400 and changes nothing', async () => {
    const { creator, accountId } = await onboardingCreator();
    standIn.completeOnboarding(accountId);
    const reads = accountReads(accountId);
    const answer = await deliver(accountEvent(standIn.account(accountId)), `whsec_${randomBytes(24).toString('hex')}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('Invalid signature');
    expect(await storedReady(creator)).toBe(false);
    expect(accountReads(accountId)).toBe(reads);
    expect(await eventsOf(accountId)).toEqual([]);
  });

  it('an account that is no creator’s is acknowledged and ignored', async () => {
    // Made at Stripe, but not by this app's onboarding (another platform's, or a creator since removed).
    const stranger: StandInAccount = {
      id: `acct_${randomBytes(8).toString('hex')}`,
      object: 'account',
      type: 'express',
      email: null,
      metadata: {},
      capabilities: { transfers: 'active' },
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      created: Math.floor(Date.now() / 1000),
    };
    const answer = await deliver(accountEvent(stranger));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true });
    expect(accountReads(stranger.id)).toBe(0);
    expect(await eventsOf(stranger.id)).toEqual([]);
    // A student's or an admin's row never holds an account; an event naming none changes no row.
    const ready = await stripeApp.db.db.select({ id: users.id }).from(users).where(eq(users.stripeAccountId, stranger.id));
    expect(ready).toEqual([]);
  });

  it('is answered 404 by the built-in processor’s server', async () => {
    const { accountId } = await onboardingCreator();
    const answer = await postStripeWebhook(testApp, accountEvent(standIn.account(accountId)), webhookSecret);
    expect(answer.statusCode).toBe(404);
  });
});
