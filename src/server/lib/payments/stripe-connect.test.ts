import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '#tests/helpers/stripe-stand-in';
import { WebhookSignatureError } from './payment-provider';
import { createStripeProvider, StripeProviderError } from './stripe-provider';

/* Stripe Connect onboarding for creators' payouts (issue 24 §4), through the real SDK against the stand-in. */

const SECRET_KEY = `sk_test_${randomBytes(18).toString('hex')}`;

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('hex')}`;

function makeProvider(port = standIn.port, connectWebhookSecret?: string) {
  const stripe = new Stripe(SECRET_KEY, { host: standIn.host, port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
  return createStripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_x',
    webhookSecret: WEBHOOK_SECRET,
    connectWebhookSecret,
    stripe,
  });
}

/** An `account.updated` event as Stripe signs it; `connected` is the event's `account` (Connect events name it). */
function signedAccountEvent(object: unknown, connected: string | undefined, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type: 'account.updated',
    ...(connected ? { account: connected } : {}),
    data: { object },
  });
  return { body: Buffer.from(payload), signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
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

describe('a connected account’s readiness', () => {
  it('is read through the SDK: ready once the transfers capability is active; null for an account Stripe does not know', async () => {
    const provider = makeProvider();
    const { accountId } = await provider.connectOnboarding(input());
    expect(await provider.retrieveConnectAccount(accountId)).toEqual({ accountId, ready: false });
    standIn.completeOnboarding(accountId);
    expect(await provider.retrieveConnectAccount(accountId)).toEqual({ accountId, ready: true });
    standIn.restrictAccount(accountId);
    expect(await provider.retrieveConnectAccount(accountId)).toEqual({ accountId, ready: false });
    expect(standIn.requests.filter((request) => request.path === `/v1/accounts/${accountId}`)).toHaveLength(3);

    expect(await provider.retrieveConnectAccount('acct_Unknown123')).toBeNull();
    const before = standIn.requests.length;
    expect(await provider.retrieveConnectAccount('not an account')).toBeNull();
    expect(standIn.requests.length).toBe(before);
    const closed = await startStripeStandIn();
    const port = closed.port;
    await closed.close();
    await expect(makeProvider(port).retrieveConnectAccount(accountId)).rejects.toBeInstanceOf(StripeProviderError);
  });

  it('account.updated names the account; one whose connected account is another, or that is not an account, is not acted on', async () => {
    const provider = makeProvider();
    const { accountId } = await provider.connectOnboarding(input());
    const account = standIn.account(accountId);
    const named = signedAccountEvent(account, accountId);
    expect(await provider.parseWebhook(named.body, named.signature)).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'account.updated',
      accountId,
    });
    const other = signedAccountEvent(account, 'acct_Someoneelse1');
    expect(await provider.parseWebhook(other.body, other.signature)).toBeNull();
    const notAnAccount = signedAccountEvent({ ...account, id: 'cus_123', object: 'customer' }, undefined);
    expect(await provider.parseWebhook(notAnAccount.body, notAnAccount.signature)).toBeNull();
  });
});

it('a Connect endpoint’s own secret is accepted when configured; any other secret is refused', async () => {
  const connectSecret = `whsec_${randomBytes(24).toString('hex')}`;
  const provider = makeProvider(standIn.port, connectSecret);
  const { accountId } = await provider.connectOnboarding(input());
  const account = standIn.account(accountId);
  for (const secret of [WEBHOOK_SECRET, connectSecret]) {
    const event = signedAccountEvent(account, accountId, secret);
    expect(await provider.parseWebhook(event.body, event.signature)).toMatchObject({ type: 'account.updated', accountId });
  }
  const forged = signedAccountEvent(account, accountId, `whsec_${randomBytes(24).toString('hex')}`);
  await expect(provider.parseWebhook(forged.body, forged.signature)).rejects.toBeInstanceOf(WebhookSignatureError);
  // Without it configured, the Connect secret is just another secret.
  const connectSigned = signedAccountEvent(account, accountId, connectSecret);
  await expect(makeProvider().parseWebhook(connectSigned.body, connectSigned.signature)).rejects.toBeInstanceOf(
    WebhookSignatureError,
  );
});
