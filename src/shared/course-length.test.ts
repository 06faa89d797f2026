import { describe, expect, it } from 'vitest';
import { formatCourseLength, parseCourseLength } from './course-length';

describe('formatCourseLength', () => {
  it('writes hours and minutes in words, singular for one, and nothing for no length', () => {
    expect(formatCourseLength({ hours: 2, minutes: 30 })).toBe('2 hours 30 minutes');
    expect(formatCourseLength({ hours: 1, minutes: 1 })).toBe('1 hour 1 minute');
    expect(formatCourseLength({ hours: 6, minutes: 0 })).toBe('6 hours');
    expect(formatCourseLength({ hours: 0, minutes: 45 })).toBe('45 minutes');
    expect(formatCourseLength({ hours: 0, minutes: 0 })).toBeNull();
  });
});

describe('parseCourseLength', () => {
  it('reads back every length the form writes', () => {
    for (const hours of [0, 1, 2, 9, 10, 999]) {
      for (const minutes of [0, 1, 30, 59]) {
        const text = formatCourseLength({ hours, minutes });
        if (text !== null) expect(parseCourseLength(text), text).toEqual({ hours, minutes });
      }
    }
  });

  it('reads the usual short forms, decimal hours and minutes past the hour', () => {
    expect(parseCourseLength('2h 30m')).toEqual({ hours: 2, minutes: 30 });
    expect(parseCourseLength(' 3H30M ')).toEqual({ hours: 3, minutes: 30 });
    expect(parseCourseLength('2 hours and 15 mins')).toEqual({ hours: 2, minutes: 15 });
    expect(parseCourseLength('2 hrs, 15 min')).toEqual({ hours: 2, minutes: 15 });
    expect(parseCourseLength('1.5 hours')).toEqual({ hours: 1, minutes: 30 });
    expect(parseCourseLength('90 min')).toEqual({ hours: 1, minutes: 30 });
  });

  it('leaves anything else to be shown as it is', () => {
    for (const text of ['two-ish hours', '6 weeks', 'self-paced', '', '2 hours of video', 'about 3h', '1.5 minutes']) {
      expect(parseCourseLength(text), text).toBeNull();
    }
  });
});
