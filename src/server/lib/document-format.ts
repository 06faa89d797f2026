import { centsToPrice, formatUsd } from '#shared/format';
import type { Locale } from '#shared/i18n/locales';

/*
 * Dates and amounts as mails, receipts and certificates write them, in their recipient's language
 * (docs/product.md, Languages). English keeps the forms these documents always had ("November 23,
 * 2026", "$1234.56"); other languages get Intl's.
 */

const longDays = new Map<Locale, Intl.DateTimeFormat>();

/** A day written out in full, in UTC: "November 23, 2026", "23 de noviembre de 2026". */
export function longDay(value: Date | string, locale: Locale): string {
  let format = longDays.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    longDays.set(locale, format);
  }
  return format.format(new Date(value));
}

/** Cents as US dollars: "$19.99" and "-$10.00" in English, "19,99 US$" in Spanish. */
export function usd(cents: number, locale: Locale): string {
  if (locale !== 'en') return formatUsd(centsToPrice(cents), locale);
  return cents < 0 ? `-$${centsToPrice(-cents)}` : `$${centsToPrice(cents)}`;
}
