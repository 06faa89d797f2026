import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '#tests/helpers/stripe-stand-in';
import { createStripeProvider, StripeProviderError } from './stripe-provider';

/* Stripe Connect onboarding for creators' payouts (issue 24 §4), through the real SDK against the stand-in. */

const SECRET_KEY = `sk_test_${randomBytes(18).toString('hex')}`;

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

function makeProvider(port = standIn.port) {
  const stripe = new Stripe(SECRET_KEY, { host: standIn.host, port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
  return createStripeProvider({ secretKey: SECRET_KEY, publishableKey: 'pk_test_x', webhookSecret: 'whsec_x', stripe });
}

const input = (creatorId = randomUUID()) => ({
  accountId: null,
  creatorId,
  email: `${creatorId}@creator.test`,
  refreshUrl: 'http://localhost:5000/creator/earnings?connect=refresh',
  returnUrl: 'http://localhost:5000/creator/earnings?connect=done',
});

describe('Stripe Connect onboarding', () => {
  it('makes an Express account with the transfers capability, then an onboarding link for it', async () => {
    const provider = makeProvider();
    const asked = input();
    const onboarding = await provider.connectOnboarding(asked);
    expect(onboarding.accountId).toMatch(/^acct_[A-Za-z0-9]+$/);
    expect(onboarding.url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${onboarding.accountId}/`));
    const account = standIn.accounts().find((each) => each.id === onboarding.accountId);
    expect(account).toMatchObject({
      type: 'express',
      email: asked.email,
      metadata: { creatorId: asked.creatorId },
      capabilities: { transfers: 'inactive' },
      details_submitted: false,
    });
    const link = standIn.requests.filter((request) => request.path === '/v1/account_links').at(-1);
    expect(link?.body).toEqual({
      account: onboarding.accountId,
      refresh_url: asked.refreshUrl,
      return_url: asked.returnUrl,
      type: 'account_onboarding',
    });
  });

  it('makes one account per creator, however often asked, and goes on with a known one', async () => {
    const provider = makeProvider();
    const asked = input();
    const before = standIn.accounts().length;
    const [first, second] = await Promise.all([provider.connectOnboarding(asked), provider.connectOnboarding(asked)]);
    expect(second.accountId).toBe(first.accountId);
    // A new link each time: a link is good once.
    expect(second.url).not.toBe(first.url);
    expect(standIn.accounts().length).toBe(before + 1);
    const again = await provider.connectOnboarding({ ...asked, accountId: first.accountId });
    expect(again.accountId).toBe(first.accountId);
    expect(standIn.accounts().length).toBe(before + 1);
  });

  it('throws a StripeProviderError for an account Stripe does not know, and when Stripe cannot be reached', async () => {
    const provider = makeProvider();
    await expect(provider.connectOnboarding({ ...input(), accountId: 'acct_Unknown123' })).rejects.toBeInstanceOf(
      StripeProviderError,
    );
    await expect(provider.connectOnboarding({ ...input(), accountId: 'not an account' })).rejects.toThrow(/not an account id/);
    const closed = await startStripeStandIn();
    const port = closed.port;
    await closed.close();
    await expect(makeProvider(port).connectOnboarding(input())).rejects.toBeInstanceOf(StripeProviderError);
  });
});
