import { intlLocale } from '#web/lib/i18n/locale';

/** The languages a course is most often taught in, offered first-hand by the course form (BCP 47 tags). */
export const COURSE_LANGUAGES = [
  'en',
  'es',
  'de',
  'fr',
  'pt',
  'pt-BR',
  'it',
  'ar',
  'zh',
  'ja',
  'ko',
  'hi',
  'ru',
  'tr',
  'nl',
  'pl',
  'sv',
  'uk',
  'id',
  'vi',
] as const;

const namers = new Map<string, Intl.DisplayNames>();

/** A language's name in the page's language ("German", "Deutsch", "الألمانية"); the tag itself if unknown. */
export function languageName(tag: string): string {
  const locale = intlLocale();
  let namer = namers.get(locale);
  if (!namer) {
    namer = new Intl.DisplayNames([locale], { type: 'language' });
    namers.set(locale, namer);
  }
  try {
    return namer.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * The form's choices, by name in the page's language; a course's stored language outside the list is
 * kept as a choice, so saving never changes it unasked.
 */
export function courseLanguageOptions(current: string): { tag: string; name: string }[] {
  const tags: string[] = [...COURSE_LANGUAGES];
  if (current && !tags.includes(current)) tags.push(current);
  const locale = intlLocale();
  return tags.map((tag) => ({ tag, name: languageName(tag) })).sort((a, b) => a.name.localeCompare(b.name, locale));
}
