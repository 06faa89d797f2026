import { intlLocale } from '#web/lib/i18n/locale';

const namesByLocale = new Map<string, Intl.DisplayNames>();

/**
 * The name of the language a course is taught in, in the page's language: `es` reads "Spanish" on an
 * English page and "español" on a Spanish one (docs/product.md, Languages). A tag `Intl` cannot name
 * shows as it is.
 */
export function languageName(tag: string): string {
  const locale = intlLocale();
  let names = namesByLocale.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'language' });
    namesByLocale.set(locale, names);
  }
  try {
    return names.of(tag) ?? tag;
  } catch {
    return tag;
  }
}
