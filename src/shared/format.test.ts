import { describe, expect, it } from 'vitest';
import { centsToPrice, formatCount, formatDay, formatPrice, formatStudentCount, stripTags } from './format';

describe('formatPrice', () => {
  it("shows 'Free' for zero and dollars with two decimals otherwise", () => {
    expect(formatPrice('0.00')).toBe('Free');
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice('19.99')).toBe('$19.99');
    expect(formatPrice('20')).toBe('$20.00');
    expect(formatPrice(49.5)).toBe('$49.50');
  });
});

describe('centsToPrice', () => {
  it('turns integer cents into the API decimal string', () => {
    expect(centsToPrice(1999)).toBe('19.99');
    expect(centsToPrice(0)).toBe('0.00');
    expect(centsToPrice(5)).toBe('0.05');
  });
});

describe('stripTags', () => {
  it('removes markup and decodes common entities for card excerpts', () => {
    expect(stripTags('<p>Learn <strong>ML</strong> &amp; AI</p><ul><li>fast</li></ul>')).toBe('Learn ML & AI fast');
  });
});

describe('formatCount', () => {
  it('groups thousands as en-US does, without ICU', () => {
    for (const count of [0, 7, 999, 1000, 12345, 1234567, 1000000000, -4500]) {
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
    }
    expect(formatStudentCount(1)).toBe('1 student');
    expect(formatStudentCount(2500)).toBe('2,500 students');
  });
});

describe('formatDay', () => {
  it("writes en-US's medium date in the reader's time zone", () => {
    for (const iso of ['2026-01-05T10:00:00Z', '2026-11-23T23:59:59Z', '1999-12-31T00:00:00Z', '2024-02-29T12:00:00']) {
      const date = new Date(iso);
      expect(formatDay(date)).toBe(date.toLocaleDateString('en-US', { dateStyle: 'medium' }));
    }
  });

  it("writes the day in UTC where the reader's time zone is unknown", () => {
    const date = new Date('2026-11-23T23:59:59Z');
    expect(formatDay(date, { utc: true })).toBe(date.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' }));
    expect(formatDay(new Date('2024-02-29T00:30:00Z'), { utc: true })).toBe('Feb 29, 2024');
  });
});
