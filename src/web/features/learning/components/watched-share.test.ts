import { describe, expect, it } from 'vitest';
import { watchedShare } from './watched-share';

const ranges = (list: [number, number][]) => ({
  length: list.length,
  start: (index: number) => list[index]?.[0] ?? 0,
  end: (index: number) => list[index]?.[1] ?? 0,
});

describe('watchedShare', () => {
  it('sums what was played, not where the playhead went', () => {
    expect(watchedShare({ duration: 100, played: ranges([[0, 45]]) as TimeRanges })).toBe(0.45);
    expect(
      watchedShare({
        duration: 100,
        played: ranges([
          [0, 5],
          [95, 100],
        ]) as TimeRanges,
      }),
    ).toBe(0.1);
    expect(
      watchedShare({
        duration: 100,
        played: ranges([
          [0, 50],
          [50, 90],
        ]) as TimeRanges,
      }),
    ).toBe(0.9);
  });

  it('is 0 before the length is known', () => {
    expect(watchedShare({ duration: Number.NaN, played: ranges([]) as TimeRanges })).toBe(0);
    expect(watchedShare({ duration: Number.POSITIVE_INFINITY, played: ranges([[0, 3]]) as TimeRanges })).toBe(0);
  });
});
