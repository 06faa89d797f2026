import type { CourseAnalytics } from '#shared/schemas/creator';
import { formatDate } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';

export type SeriesUnit = 'day' | 'week' | 'month';
export interface SeriesBucket {
  /** First day of the bucket, YYYY-MM-DD (UTC). */
  start: string;
  label: string;
  count: number;
}
export interface EnrollmentSeries {
  unit: SeriesUnit;
  buckets: SeriesBucket[];
}

const DAY_MS = 86_400_000;
// Fewer days than this would draw one wide bar; more than the limits would draw hairlines.
const MIN_DAYS = 14;
const MAX_DAYS = 90;
const MAX_WEEKS = 104;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const dayTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const mondayOf = (time: number) => time - ((new Date(time).getUTCDay() + 6) % 7) * DAY_MS;
const monthOf = (time: number) => {
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
};
const nextMonth = (time: number) => {
  const date = new Date(time);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
};

const dayLabel = (time: number) => formatDate(new Date(time), { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthLabel = (time: number) => formatDate(new Date(time), { month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * The API leaves days without enrollments out; a chart over time needs them as zeros, from the
 * first enrollment (or two weeks back) up to today, grouped by week or month when the span is long.
 */
export function toEnrollmentSeries(days: CourseAnalytics['enrollmentsByDay'], now: Date = new Date()): EnrollmentSeries {
  const today = dayTime(now.toISOString().slice(0, 10));
  const counts = new Map(days.map((day) => [day.date, day.count]));
  const first = days.length > 0 ? dayTime(days[0]?.date ?? '') : today;
  const last = Math.max(today, days.length > 0 ? dayTime(days.at(-1)?.date ?? '') : today);
  const start = Math.min(first, last - (MIN_DAYS - 1) * DAY_MS);
  const spanDays = Math.round((last - start) / DAY_MS) + 1;

  const unit: SeriesUnit = spanDays <= MAX_DAYS ? 'day' : spanDays <= MAX_WEEKS * 7 ? 'week' : 'month';
  const bucketStart = unit === 'day' ? (time: number) => time : unit === 'week' ? mondayOf : monthOf;
  const nextBucket =
    unit === 'day' ? (time: number) => time + DAY_MS : unit === 'week' ? (time: number) => time + 7 * DAY_MS : nextMonth;

  const buckets: SeriesBucket[] = [];
  for (let time = bucketStart(start); time <= last; time = nextBucket(time)) {
    const label =
      unit === 'month' ? monthLabel(time) : unit === 'week' ? t('creator.weekOf', { day: dayLabel(time) }) : dayLabel(time);
    buckets.push({ start: isoDay(time), label, count: 0 });
  }
  for (const [date, count] of counts) {
    const key = isoDay(bucketStart(dayTime(date)));
    const bucket = buckets.find((candidate) => candidate.start === key);
    if (bucket) bucket.count += count;
  }
  return { unit, buckets };
}
