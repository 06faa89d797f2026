import { describe, expect, it } from 'vitest';
import { dueInWords } from './due-in-words';

const now = Date.parse('2025-03-01T12:00:00Z');
const fromNow = (ms: number) => new Date(now + ms).toISOString();
const MINUTE = 60_000;

describe('dueInWords', () => {
  it('says when a card comes back in the unit people would use', () => {
    expect(dueInWords(fromNow(MINUTE), now)).toBe('in 1 minute');
    // The answer took a moment to arrive: 10 minutes from the server's now is still 10.
    expect(dueInWords(fromNow(10 * MINUTE - 400), now)).toBe('in 10 minutes');
    expect(dueInWords(fromNow(5 * 60 * MINUTE), now)).toBe('in 5 hours');
    expect(dueInWords(fromNow(24 * 60 * MINUTE + 10 * MINUTE), now)).toBe('tomorrow');
    expect(dueInWords(fromNow(3 * 24 * 60 * MINUTE), now)).toBe('in 3 days');
    expect(dueInWords(fromNow(70 * 24 * 60 * MINUTE), now)).toBe('in 2 months');
    expect(dueInWords(fromNow(400 * 24 * 60 * MINUTE), now)).toBe('next year');
  });

  it('says it in the language asked for', () => {
    expect(dueInWords(fromNow(3 * 24 * 60 * MINUTE), now, 'es')).toBe('dentro de 3 días');
    expect(dueInWords(fromNow(24 * 60 * MINUTE), now, 'de')).toBe('morgen');
  });

  it('never says a card is due in the past', () => {
    expect(dueInWords(fromNow(-5 * MINUTE), now)).toBe('in 1 minute');
  });
});
