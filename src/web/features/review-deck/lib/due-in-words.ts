const formatters = new Map<string, Intl.RelativeTimeFormat>();
/** A language's way of saying "in 3 days", made once per language. */
function formatterOf(locale: string): Intl.RelativeTimeFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formatters.set(locale, formatter);
  }
  return formatter;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Each unit, its length, and up to how many of it are said before the next unit takes over. */
const UNITS: [Intl.RelativeTimeFormatUnit, number, number][] = [
  ['minute', MINUTE, 59.5],
  ['hour', HOUR, 23.5],
  ['day', DAY, 30.5],
  ['month', 30.4 * DAY, 11.5],
];

/**
 * When a card comes back, as people say it in `locale` (the page's, `intlLocale()`): "in 10 minutes",
 * "tomorrow", "in 3 days"; never sooner than a minute.
 */
export function dueInWords(iso: string, now = Date.now(), locale = 'en'): string {
  const formatter = formatterOf(locale);
  const ms = Math.max(MINUTE, Date.parse(iso) - now);
  for (const [unit, length, upTo] of UNITS) {
    const value = Math.max(1, Math.round(ms / length));
    if (ms / length < upTo) return formatter.format(value, unit);
  }
  return formatter.format(Math.round(ms / (365 * DAY)) || 1, 'year');
}
