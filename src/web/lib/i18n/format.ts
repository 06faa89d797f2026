import * as shared from '#shared/format';
import { intlLocale } from './locale';
import { t } from './t';

/*
 * Numbers, dates and prices in the page's language (docs/product.md, Languages): src/shared/format.ts's
 * forms with the language filled in. The web app formats through these, never `toLocale…` without a
 * locale. The currency stays USD.
 */

export const formatCount = (count: number) => shared.formatCount(count, intlLocale());

/** A day in the reader's language ("Nov 23, 2026", "23 nov 2026", "23.11.2026"); `utc` where their zone is unknown. */
export const formatDay = (date: Date, { utc = false }: { utc?: boolean } = {}) =>
  shared.formatDay(date, { utc, locale: intlLocale() });

/** "19.99" -> "$19.99" ("19,99 US$" in Spanish); zero -> "Free" in the page's language. */
export function formatPrice(price: string | number): string {
  const value = typeof price === 'number' ? price : Number.parseFloat(price);
  if (!Number.isFinite(value) || value === 0) return t('common.free');
  return shared.formatUsd(value.toFixed(2), intlLocale());
}

/** The API's two-decimal USD string as money, "$0.00" for zero (never "Free"). */
export const formatUsd = (amount: string) => shared.formatUsd(amount, intlLocale());

export const formatRating = shared.formatRating;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** A date (and time) with `Intl`'s options in the page's language, one formatter per options kept. */
export function formatDate(date: Date | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const locale = intlLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format.format(typeof date === 'string' ? new Date(date) : date);
}

/** A ledger month, "2026-11" -> "November 2026" in the page's language; anything else as it came. */
export function formatMonth(month: string): string {
  const [year, index] = month.split('-').map(Number);
  if (!year || !index || index < 1 || index > 12) return month;
  return formatDate(new Date(Date.UTC(year, index - 1, 1)), { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
/** Each unit, how many of the unit before make one, and how many of it make the next. */
const UNITS: [Intl.RelativeTimeFormatUnit, number, number][] = [
  ['minute', 60, 60],
  ['hour', 60, 24],
  ['day', 24, 7],
  ['week', 7, 4.35],
  ['month', 4.35, 12],
  ['year', 12, Number.POSITIVE_INFINITY],
];
/** "5 minutes ago", "yesterday" in the page's language; anything under a minute is "just now". */
export function relativeTime(iso: string, now = Date.now()): string {
  const locale = intlLocale();
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  let value = (now - new Date(iso).getTime()) / 1000;
  if (value < 60) return t('common.justNow');
  for (const [unit, from, next] of UNITS) {
    value /= from;
    if (value < next) return format.format(-Math.floor(value), unit);
  }
  return format.format(-Math.floor(value), 'year');
}
