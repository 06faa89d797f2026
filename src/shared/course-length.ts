/*
 * A course's length as the create and edit forms take it: hours and minutes, sent as the free text the
 * API's `duration` is ("2 hours 30 minutes"). The database reads that text into minutes for the
 * search's length filter (ga_duration_minutes, migration 0021), so the form writes only words it reads.
 */

export const COURSE_LENGTH_HOURS_MAX = 999;

export type CourseLength = { hours: number; minutes: number };

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** "2 hours 30 minutes", "1 hour", "45 minutes"; null for no length at all. */
export function formatCourseLength({ hours, minutes }: CourseLength): string | null {
  const parts = [hours > 0 ? plural(hours, 'hour') : null, minutes > 0 ? plural(minutes, 'minute') : null];
  const text = parts.filter((part) => part !== null).join(' ');
  return text === '' ? null : text;
}

const HOURS = String.raw`(\d+(?:\.\d+)?)\s*(?:h|hr|hrs|hour|hours)`;
const MINUTES = String.raw`(\d+)\s*(?:m|min|mins|minute|minutes)`;
const LENGTH = new RegExp(String.raw`^(?:${HOURS})?\s*,?\s*(?:and\s+)?(?:${MINUTES})?$`, 'i');

/**
 * Hours and minutes of a stored length written in hours and minutes only ("2 hours 30 minutes",
 * "2h 30m", "1.5 hours", "90 min"); null for anything else ("6 weeks", "two-ish hours"), which the
 * form shows as it is and asks to enter again.
 */
export function parseCourseLength(text: string): CourseLength | null {
  const match = LENGTH.exec(text.trim());
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  const total = Math.round(Number(match[1] ?? 0) * 60) + Number(match[2] ?? 0);
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}
