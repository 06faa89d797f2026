const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
/** Each unit, how many of the unit before make one, and how many of it make the next. */
const UNITS: [Intl.RelativeTimeFormatUnit, number, number][] = [
  ['minute', 60, 60],
  ['hour', 60, 24],
  ['day', 24, 7],
  ['week', 7, 4.35],
  ['month', 4.35, 12],
  ['year', 12, Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "yesterday"; anything under a minute is "just now". */
export function relativeTime(iso: string, now = Date.now()): string {
  let value = (now - new Date(iso).getTime()) / 1000;
  if (value < 60) return 'just now';
  for (const [unit, from, next] of UNITS) {
    value /= from;
    if (value < next) return formatter.format(-Math.floor(value), unit);
  }
  return formatter.format(-Math.floor(value), 'year');
}
