import type { DurationBand, SearchSort } from '#shared/course-search';
import { intlLocale } from '#web/lib/i18n/locale';
import { t } from '#web/lib/i18n/t';

/** What the filters and orders read as in the page's language; the address keeps the API's values. */

export function durationLabel(band: DurationBand): string {
  switch (band) {
    case 'short':
      return t('search.underTwoHours');
    case 'medium':
      return t('search.twoToTenHours');
    case 'long':
      return t('search.overTenHours');
  }
}

export function sortLabel(sort: SearchSort): string {
  switch (sort) {
    case 'relevance':
      return t('search.mostRelevant');
    case 'rating':
      return t('search.highestRated');
    case 'newest':
      return t('search.newest');
    case 'price_asc':
      return t('search.priceLowToHigh');
    case 'price_desc':
      return t('search.priceHighToLow');
    case 'popular':
      return t('search.mostPopular');
  }
}

const ratingFormats = new Map<string, Intl.NumberFormat>();
/** "4.0 stars and up" ("4,0" in German). */
export function minRatingLabel(rating: number): string {
  const locale = intlLocale();
  let format = ratingFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    ratingFormats.set(locale, format);
  }
  return t('search.starsAndUp', { rating: format.format(rating) });
}
