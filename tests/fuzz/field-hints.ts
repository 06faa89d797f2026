import fc from 'fast-check';
import { type FieldHints, isoDateTime } from './json-schema-arbitrary';

/*
 * What a field's JSON Schema cannot say but its name does: an email must look like one (zod's
 * check is a refinement JSON Schema loses), a price is money, a card number is a test card.
 * Without these nearly every generated request would stop at validation.
 */

const word = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/);

export const emailAddress = (): fc.Arbitrary<string> => fc.tuple(word, word).map(([name, domain]) => `${name}@${domain}.test`);

/** A course is free or costs at least 0.50 (docs/product.md, Prices, coupons and the cart): cents 0 or 50 up. */
const courseCents = (max: number) => fc.oneof(fc.constant(0), fc.integer({ min: 50, max }));

const price = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    courseCents(1_000_000).map((cents) => (cents / 100).toFixed(2)),
    courseCents(100_000).map((cents) => (cents === 0 ? 0 : Math.ceil(cents / 100))),
    fc.constant(''),
  );

/** Stripe's test cards (docs/product.md, Checkout): success, declines, a Luhn failure. */
const TEST_CARDS = ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 9995', '4242 4242 4242 4241'];

/** A course's language is a real BCP 47 tag, which its pattern alone does not make (`en-x` is not one). */
const LANGUAGE_TAGS = ['en', 'es', 'de', 'ar', 'pt-BR', 'PT-br', 'zh-Hant-TW', 'sr-Latn', 'fil', 'de-CH-1996'];

export const semanticHints: FieldHints = (field, schema) => {
  if (field === 'language' && schema.pattern === '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$') return fc.constantFrom(...LANGUAGE_TAGS);
  if (/email/i.test(field)) return emailAddress();
  if (field === 'price') return price();
  if (field === 'cardNumber') return fc.constantFrom(...TEST_CARDS);
  if (field === 'cvc') return fc.stringMatching(/^\d{3,4}$/);
  if (field === 'expYear') return fc.integer({ min: 2000, max: 2100 });
  if (/At$/.test(field)) return isoDateTime();
  return undefined;
};

/** The first hints that know the field win. */
export function combineHints(...all: FieldHints[]): FieldHints {
  return (field, schema) => {
    for (const hints of all) {
      const found = hints(field, schema);
      if (found) return found;
    }
    return undefined;
  };
}
