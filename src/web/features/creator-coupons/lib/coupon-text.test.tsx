import { afterEach, describe, expect, it } from 'vitest';
import { describeDiscount, describeExpiry, describeUses } from './coupon-text';

afterEach(() => {
  document.documentElement.lang = '';
});

describe("a coupon's words", () => {
  it('are English by default', () => {
    expect(describeDiscount({ percentOff: 25, amountOff: null })).toBe('25 % off');
    expect(describeUses({ redemptions: 1_200, maxRedemptions: null })).toBe('1,200 used');
    expect(describeExpiry('2099-01-31T23:59:59.999Z').text).toBe('Expires Jan 31, 2099');
  });

  it("follow the page's language, with its plurals and its money", () => {
    document.documentElement.lang = 'es';
    expect(describeDiscount({ percentOff: null, amountOff: '5.00' })).toBe('5,00\u00a0US$ de descuento');
    expect(describeUses({ redemptions: 1, maxRedemptions: null })).toBe('1 uso');
    expect(describeExpiry('2020-01-31T23:59:59.999Z').text).toBe('Caducado');

    document.documentElement.lang = 'ar';
    expect(describeUses({ redemptions: 2, maxRedemptions: null })).toBe('استخدامان');
  });
});
