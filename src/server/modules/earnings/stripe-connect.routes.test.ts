import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema/index';
import { bearer, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { startStripeForTests } from '#tests/helpers/stripe';
import type { StripeStandIn } from '#tests/helpers/stripe-stand-in';

/* POST /api/creator/payouts/connect (issue 24 §4): a creator connects a Stripe Express account for payouts. */

let standIn: StripeStandIn;
let stripeApp: TestApp;
let testApp: TestApp;

beforeAll(async () => {
  const stripe = await startStripeForTests();
  standIn = stripe.standIn;
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
const storedAccount = async (user: TestUser) =>
  (await stripeApp.db.db.select({ id: users.stripeAccountId }).from(users).where(eq(users.id, user.id)))[0]?.id;

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

  it('with Stripe: a connected creator is paid by Stripe transfers, so an admin cannot record a bank transfer to them', async () => {
    const admin = await createUser(stripeApp.db.db, { role: 'admin' });
    const creator = await createUser(stripeApp.db.db, { role: 'creator' });
    expect((await connect(stripeApp, creator)).statusCode).toBe(200);
    const recorded = await stripeApp.app.inject({
      method: 'POST',
      url: '/api/admin/payouts',
      headers: bearer(admin),
      payload: { creatorId: creator.id, amount: '1.00', reference: 'WIRE' },
    });
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
