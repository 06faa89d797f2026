import { afterEach, describe, expect, it } from 'vitest';
import { checkCard, formatExpiryInput } from './card-fields';

/** Types `keys` one at a time into an empty field, as a browser would feed onChange. */
function type(keys: string, start = ''): string {
  let value = start;
  for (const key of keys) value = formatExpiryInput(key === '\b' ? value.slice(0, -1) : value + key, value);
  return value;
}

describe('formatExpiryInput', () => {
  it('puts the "/" in as the month is typed', () => {
    expect(type('1')).toBe('1');
    expect(type('12')).toBe('12/');
    expect(type('1230')).toBe('12/30');
    expect(type('4')).toBe('04/');
    expect(type('1/')).toBe('01/');
    expect(type('12/30')).toBe('12/30');
  });

  it('lets backspace walk back through the "/" and takes pasted or filled values whole', () => {
    expect(type('\b', '12/')).toBe('12');
    expect(type('\b\b', '12/')).toBe('1');
    expect(formatExpiryInput('12/2030', '')).toBe('12/2030');
    expect(formatExpiryInput('1230', '')).toBe('12/30');
  });
});

describe('checkCard', () => {
  const now = new Date(2026, 10, 25);

  it('reports every wrong field at once', () => {
    expect(checkCard({ cardNumber: '', expiry: '', cvc: '' }, now)).toEqual({
      errors: { cardNumber: 'Enter your card number', expiry: 'Enter the expiry date', cvc: 'Enter the CVC' },
    });
    expect(checkCard({ cardNumber: '4242 4242 4242 4241', expiry: '13/30', cvc: '1' }, now)).toEqual({
      errors: {
        cardNumber: 'Your card number is invalid.',
        expiry: 'Enter a month from 01 to 12',
        cvc: 'The CVC is 3 or 4 digits',
      },
    });
    expect(checkCard({ cardNumber: '4242', expiry: '10/26', cvc: '123' }, now)).toEqual({
      errors: { cardNumber: 'Enter the full card number', expiry: 'Your card has expired.' },
    });
  });

  it('gives the card to charge when every field is right (this month still counts)', () => {
    expect(checkCard({ cardNumber: '4242 4242 4242 4242', expiry: '11/26', cvc: '123' }, now)).toEqual({
      card: { cardNumber: '4242424242424242', expMonth: 11, expYear: 2026, cvc: '123' },
    });
  });
});

describe('checkCard in the page’s language', () => {
  afterEach(() => document.documentElement.removeAttribute('lang'));

  it('says what is wrong in German on a German page', () => {
    document.documentElement.lang = 'de';
    expect(checkCard({ cardNumber: '', expiry: '13/30', cvc: '1' }, new Date(2026, 10, 25))).toEqual({
      errors: {
        cardNumber: 'Gib deine Kartennummer ein',
        expiry: 'Gib einen Monat von 01 bis 12 ein',
        cvc: 'Die CVC hat 3 oder 4 Ziffern',
      },
    });
  });
});
