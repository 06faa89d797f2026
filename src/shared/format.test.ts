import { describe, expect, it } from 'vitest';
import {
  centsToPrice,
  formatCount,
  formatDay,
  formatPrice,
  formatStudentCount,
  formatUsd,
  htmlToPlainLines,
  stripTags,
} from './format';

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

describe('htmlToPlainLines', () => {
  it('keeps paragraphs, line breaks and list items on their own lines, with bullets and numbers', () => {
    const html =
      '<p>You will learn:</p><ul><li><p>Linear <strong>models</strong></p></li>\n<li>Trees<ul><li>pruning</li></ul></li></ul>' +
      '<ol start="3"><li>Third</li><li>Fourth</li></ol><p>Line one<br>line two &amp; more&nbsp;here</p>';
    expect(htmlToPlainLines(html).split('\n')).toEqual([
      'You will learn:',
      '• Linear models',
      '• Trees',
      '◦ pruning',
      '3. Third',
      '4. Fourth',
      'Line one',
      'line two & more here',
    ]);
  });

  it('gives text, never markup: scripts vanish and escaped tags stay text', () => {
    expect(htmlToPlainLines('<p>a &lt;b&gt; c</p><script>alert(1)</script><img src=x onerror=alert(1)>')).toBe('a <b> c');
    expect(htmlToPlainLines('<p>  </p><p></p>')).toBe('');
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

describe('formatUsd', () => {
  it('writes dollars as en-US currency does, zero included', () => {
    for (const amount of ['0.00', '0.5', '19.99', '1234.56', '1000000.00', '-5.00', '-1234.5']) {
      expect(formatUsd(amount)).toBe(Number(amount).toLocaleString('en-US', { style: 'currency', currency: 'USD' }));
    }
    expect(formatUsd('not money')).toBe('$0.00');
  });
});
