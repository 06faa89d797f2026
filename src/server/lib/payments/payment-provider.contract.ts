import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreateIntentInput, PaymentProvider } from './payment-provider';

/*
 * What every PaymentProvider promises the payment routes. The test processor runs it now; the
 * Stripe provider runs it against an HTTP stand-in of the Stripe API, driven by the official SDK.
 */

export type ProviderFixture = {
  provider: PaymentProvider;
  /** Makes an intent succeed the provider's own way (a test card; the stand-in's state). */
  pay: (intentId: string) => Promise<void>;
  /** The cents returned to the buyer of an intent, as the provider keeps them. */
  refunded: (intentId: string) => Promise<number>;
};

export function describePaymentProviderContract(name: string, createFixture: () => Promise<ProviderFixture>) {
  describe(`${name}: the PaymentProvider contract`, () => {
    let fixture: ProviderFixture;
    let input: CreateIntentInput;

    beforeEach(async () => {
      fixture = await createFixture();
      input = { amountCents: 4_999, currency: 'usd', metadata: { userId: randomUUID(), courseId: randomUUID() } };
    });

    it('creates an intent awaiting a payment method, with a client secret', async () => {
      const created = await fixture.provider.createIntent(input);
      expect(created.status).toBe('requires_payment_method');
      expect(created.id).toEqual(expect.any(String));
      expect(created.clientSecret).toContain('_secret_');
    });

    it('gives every intent its own id and secret', async () => {
      const [a, b] = await Promise.all([fixture.provider.createIntent(input), fixture.provider.createIntent(input)]);
      expect(a?.id).not.toBe(b?.id);
      expect(a?.clientSecret).not.toBe(b?.clientSecret);
    });

    it('retrieves the amount in integer cents, the currency and the metadata as created', async () => {
      const { id } = await fixture.provider.createIntent(input);
      expect(await fixture.provider.retrieveIntent(id)).toEqual({
        id,
        amountCents: 4_999,
        currency: 'usd',
        status: 'requires_payment_method',
        metadata: input.metadata,
        lastPaymentError: null,
      });
    });

    it('reports a paid intent as succeeded', async () => {
      const { id } = await fixture.provider.createIntent(input);
      await fixture.pay(id);
      expect(await fixture.provider.retrieveIntent(id)).toMatchObject({ id, status: 'succeeded', amountCents: 4_999 });
    });

    it('cancels an intent nobody paid, so it reads cancelled, and tells of one paid first', async () => {
      const unpaid = await fixture.provider.createIntent(input);
      expect(await fixture.provider.cancelIntent(unpaid.id)).toBe('canceled');
      expect(await fixture.provider.retrieveIntent(unpaid.id)).toMatchObject({ status: 'canceled' });
      expect(await fixture.provider.cancelIntent(unpaid.id)).toBe('canceled');

      const paid = await fixture.provider.createIntent(input);
      await fixture.pay(paid.id);
      expect(await fixture.provider.cancelIntent(paid.id)).toBe('succeeded');
      expect(await fixture.provider.retrieveIntent(paid.id)).toMatchObject({ status: 'succeeded' });
    });

    it('refunds a paid intent once, however often asked, and refuses to refund an unpaid one', async () => {
      const paid = await fixture.provider.createIntent(input);
      await fixture.pay(paid.id);
      await fixture.provider.refundIntent(paid.id);
      await fixture.provider.refundIntent(paid.id);
      expect(await fixture.refunded(paid.id)).toBe(4_999);

      const unpaid = await fixture.provider.createIntent(input);
      await expect(fixture.provider.refundIntent(unpaid.id)).rejects.toThrow();
      expect(await fixture.refunded(unpaid.id)).toBe(0);
    });

    it("returns a cart's courses in parts, each part once, never more than was paid, and the rest whole", async () => {
      const cart = await fixture.provider.createIntent({
        ...input,
        metadata: { userId: randomUUID(), checkoutId: randomUUID() },
      });
      expect((await fixture.provider.retrieveIntent(cart.id))?.metadata).toEqual({
        userId: expect.any(String),
        checkoutId: expect.any(String),
      });
      await fixture.pay(cart.id);
      await Promise.all([
        fixture.provider.refundIntent(cart.id, { amountCents: 1_999, key: 'first' }),
        fixture.provider.refundIntent(cart.id, { amountCents: 1_999, key: 'first' }),
      ]);
      expect(await fixture.refunded(cart.id)).toBe(1_999);
      await expect(fixture.provider.refundIntent(cart.id, { amountCents: 3_001, key: 'too-much' })).rejects.toThrow();
      // Still paid, for what is left of it.
      expect(await fixture.provider.retrieveIntent(cart.id)).toMatchObject({ status: 'succeeded' });
      await fixture.provider.refundIntent(cart.id, { amountCents: 1_000, key: 'second' });
      await fixture.provider.refundIntent(cart.id);
      await fixture.provider.refundIntent(cart.id);
      expect(await fixture.refunded(cart.id)).toBe(4_999);
      // Everything is back: a part asked after that returns nothing more.
      await fixture.provider.refundIntent(cart.id, { amountCents: 1_000, key: 'third' });
      expect(await fixture.refunded(cart.id)).toBe(4_999);
    });

    it('answers null for an intent it does not know', async () => {
      expect(await fixture.provider.retrieveIntent('pi_unknown')).toBeNull();
      expect(await fixture.provider.retrieveIntent('')).toBeNull();
    });

    it.each([
      ['zero', { amountCents: 0 }],
      ['below the 50 cent minimum', { amountCents: 49 }],
      ['negative', { amountCents: -500 }],
      ['fractional cents', { amountCents: 12.5 }],
      ['dollars as a string', { amountCents: '49.99' }],
      ['above the maximum', { amountCents: 100_000_000 }],
      ['another currency', { currency: 'eur' }],
      ['metadata without a course', { metadata: { userId: randomUUID() } }],
      ['a checkout id that is not a uuid', { metadata: { userId: randomUUID(), checkoutId: 'cart' } }],
      ['a user id that is not a uuid', { metadata: { userId: '1', courseId: randomUUID() } }],
    ])('refuses an amount or metadata that is %s', async (_, change) => {
      await expect(fixture.provider.createIntent({ ...input, ...change } as CreateIntentInput)).rejects.toThrow();
    });
  });
}
