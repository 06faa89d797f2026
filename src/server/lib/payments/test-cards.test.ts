import { describe, expect, it } from 'vitest';
import { checkTestCard, normalizeExpYear, passesLuhn, TEST_CARD_ERRORS, type TestCard } from './test-cards';

const NOW = Date.UTC(2026, 2, 15, 12); // 15 March 2026
const GOOD: TestCard = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };

function check(change: Partial<TestCard>, now = NOW) {
  return checkTestCard({ ...GOOD, ...change, now });
}

const declinedWith = (error: string) => ({ status: 'requires_payment_method', error });

describe('test cards', () => {
  it('pays with 4242 4242 4242 4242', () => {
    expect(check({})).toEqual({ status: 'succeeded' });
  });

  it('declines 4000 0000 0000 0002', () => {
    expect(check({ cardNumber: '4000 0000 0000 0002' })).toEqual(declinedWith('Your card was declined.'));
  });

  it('reports insufficient funds for 4000 0000 0000 9995', () => {
    expect(check({ cardNumber: '4000 0000 0000 9995' })).toEqual(declinedWith('Your card has insufficient funds.'));
  });

  it.each(['4242424242424242', ' 4242 4242 4242 4242 ', '4242  4242  4242  4242', '42 424 2424 24 24 24 2'])(
    'ignores spaces in %j',
    (cardNumber) => {
      expect(check({ cardNumber })).toEqual({ status: 'succeeded' });
    },
  );

  it.each([
    ['a mistyped digit (fails Luhn)', '4242 4242 4242 4241'],
    ['swapped digits (fails Luhn)', '4242 4242 4242 2442'],
    ['dashes', '4242-4242-4242-4242'],
    ['tabs', '4242\t4242\t4242\t4242'],
    ['letters', '4242 4242 4242 424a'],
    ['full-width digits', '４２４２４２４２４２４２４２４２'],
    ['nothing', ''],
    ['only spaces', '    '],
    ['11 digits that pass Luhn', '42424242420'],
    ['20 digits that pass Luhn', '42424242424242424242'],
  ])('calls a number with %s invalid', (_, cardNumber) => {
    expect(check({ cardNumber })).toEqual(declinedWith('Your card number is invalid.'));
  });

  it.each([
    ['Mastercard', '5555 5555 5555 4444'],
    ['Visa debit', '4000 0566 5566 5556'],
    ['American Express', '3782 822463 10005'],
    ['12-digit', '4242 4242 4242'],
    ['19-digit', '4242 0000 0000 0000 004'],
  ])('declines a valid %s number that is not a test card, saying so', (_, cardNumber) => {
    expect(check({ cardNumber })).toEqual(declinedWith(TEST_CARD_ERRORS.notATestCard));
    expect(TEST_CARD_ERRORS.notATestCard).toMatch(/^Your card was declined\. .*test mode/);
  });

  describe('expiry', () => {
    it('accepts the current month until its last millisecond, in UTC', () => {
      expect(check({ expMonth: 3, expYear: 2026 })).toEqual({ status: 'succeeded' });
      expect(check({ expMonth: 3, expYear: 2026 }, Date.UTC(2026, 2, 31, 23, 59, 59, 999))).toEqual({ status: 'succeeded' });
    });

    it('calls a card expired from the first day of the next month', () => {
      expect(check({ expMonth: 3, expYear: 2026 }, Date.UTC(2026, 3, 1))).toEqual(declinedWith('Your card has expired.'));
    });

    it.each([
      ['last month', 2, 2026],
      ['December of last year', 12, 2025],
      ['last month, two-digit year', 2, 26],
      ['years ago', 6, 2019],
    ])('calls a card that expired %s expired', (_, expMonth, expYear) => {
      expect(check({ expMonth, expYear })).toEqual(declinedWith('Your card has expired.'));
    });

    it('compares across a year end', () => {
      expect(check({ expMonth: 12, expYear: 2025 }, Date.UTC(2025, 11, 31, 23))).toEqual({ status: 'succeeded' });
      expect(check({ expMonth: 12, expYear: 2025 }, Date.UTC(2026, 0, 1))).toEqual(declinedWith('Your card has expired.'));
      expect(check({ expMonth: 1, expYear: 2026 }, Date.UTC(2025, 11, 31, 23))).toEqual({ status: 'succeeded' });
    });

    it.each([
      ['two digits', 26, 2026],
      ['two digits with a leading zero', 5, 2005],
      ['four digits', 2031, 2031],
    ])('reads a year of %s', (_, input, year) => {
      expect(normalizeExpYear(input)).toBe(year);
    });

    it('accepts two-digit and four-digit years alike', () => {
      expect(check({ expMonth: 4, expYear: 26 })).toEqual({ status: 'succeeded' });
      expect(check({ expMonth: 4, expYear: 2026 })).toEqual({ status: 'succeeded' });
    });

    it.each([0, 13, -1, 1.5, Number.NaN])('refuses the month %s', (expMonth) => {
      expect(check({ expMonth })).toEqual(declinedWith("Your card's expiration month is invalid."));
    });

    it.each([100, 999, 10_000, -1, 26.5, Number.NaN, 2077])('refuses the year %s', (expYear) => {
      expect(check({ expYear })).toEqual(declinedWith("Your card's expiration year is invalid."));
    });

    it('accepts a year up to 50 years ahead', () => {
      expect(check({ expYear: 2076 })).toEqual({ status: 'succeeded' });
    });
  });

  it.each(['12', '12345', '12a', '', ' 123', '１２３'])('refuses the security code %j', (cvc) => {
    expect(check({ cvc })).toEqual(declinedWith("Your card's security code is invalid."));
  });

  it.each(['123', '1234', '012', '000'])('accepts the security code %j', (cvc) => {
    expect(check({ cvc })).toEqual({ status: 'succeeded' });
  });

  describe('order of checks, as a card form validates', () => {
    it('reports an invalid number before anything else', () => {
      expect(check({ cardNumber: '4242 4242 4242 4241', expMonth: 13, expYear: 2019, cvc: '' })).toEqual(
        declinedWith('Your card number is invalid.'),
      );
    });

    it('reports the expiry before the security code and the card outcome', () => {
      expect(check({ cardNumber: '4000 0000 0000 0002', expMonth: 1, expYear: 2020, cvc: 'x' })).toEqual(
        declinedWith('Your card has expired.'),
      );
    });

    it('reports the security code before the card outcome', () => {
      expect(check({ cardNumber: '4000 0000 0000 9995', cvc: '1' })).toEqual(
        declinedWith("Your card's security code is invalid."),
      );
    });
  });

  it('survives values of the wrong type from an unchecked caller', () => {
    const loose = (card: Record<string, unknown>) => checkTestCard({ ...GOOD, ...card, now: NOW } as TestCard & { now: number });
    expect(loose({ cardNumber: 4242424242424242 })).toEqual(declinedWith('Your card number is invalid.'));
    expect(loose({ expMonth: '12' })).toEqual(declinedWith("Your card's expiration month is invalid."));
    expect(loose({ cvc: 123 })).toEqual(declinedWith("Your card's security code is invalid."));
  });
});

describe('Luhn check', () => {
  it.each(['4242424242424242', '4000000000000002', '4000000000009995', '79927398713', '0', '18'])('passes %s', (digits) => {
    expect(passesLuhn(digits)).toBe(true);
  });

  it.each(['4242424242424241', '79927398710', '79927398719', '1', '', '42x2'])('fails %j', (digits) => {
    expect(passesLuhn(digits)).toBe(false);
  });
});
