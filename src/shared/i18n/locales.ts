/*
 * The interface's languages and how one is chosen for a request (docs/product.md, Languages; ADR 0062).
 * Free of anything but strings, so the server, the page and the build share it.
 */

/** The languages the interface speaks; `en` is the default, the product's own English texts word for word (docs/product.md, Languages). */
export const LOCALES = ['en', 'es', 'de', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * A test-only language (ADR 0062): English turned into accented, bracketed text, so a walk through
 * every page can spot a string that never went through the catalogs. Served only where the server
 * allows it (`PSEUDO_LOCALE=1`).
 */
export const PSEUDO_LOCALE = 'en-XA';
/** A language a page may be drawn in: the real ones and, in tests, the pseudo one. */
export type PageLocale = Locale | typeof PSEUDO_LOCALE;

export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie the language menu sets, for a year. */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** The address parameter `hreflang` alternates carry (`?lang=es`); it wins over everything else. */
export const LOCALE_PARAMETER = 'lang';

/** Each language's own name, as the menu shows it (always in that language). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  ar: 'العربية',
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

export const directionOf = (locale: PageLocale): 'ltr' | 'rtl' => (locale === 'ar' ? 'rtl' : 'ltr');

/** A known language for a tag such as `es-MX` or `de`, or undefined. */
export function localeOfTag(tag: string | null | undefined, { allowPseudo = false } = {}): PageLocale | undefined {
  if (!tag) return undefined;
  const trimmed = tag.trim();
  if (allowPseudo && trimmed === PSEUDO_LOCALE) return PSEUDO_LOCALE;
  const language = trimmed.split(/[-_]/)[0]?.toLowerCase();
  return isLocale(language) ? language : undefined;
}

/** The best known language an `Accept-Language` header asks for, by its q-values; undefined if none. */
export function localeOfAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header || header.length > 1024) return undefined;
  const asked = header
    .split(',')
    .slice(0, 32)
    .map((part, order) => {
      const [tag = '', ...parameters] = part.split(';');
      const qParameter = parameters.find((parameter) => parameter.trim().startsWith('q='));
      const q = qParameter ? Number(qParameter.trim().slice(2)) : 1;
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, order };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of asked) {
    const locale = localeOfTag(tag);
    if (locale) return locale as Locale;
  }
  return undefined;
}

/** What a request says about its language, strongest first. */
export type LocaleSignals = {
  /** `?lang=` in the address. */
  parameter?: string | null;
  /** The `locale` cookie. */
  cookie?: string | null;
  /** A signed-in user's saved `locale`. */
  saved?: string | null;
  acceptLanguage?: string | null;
};

/**
 * The language a request is answered in: the address's `?lang=`, the `locale` cookie, the signed-in
 * user's saved one, `Accept-Language`, then English; unknown values are passed over.
 */
export function chooseLocale(signals: LocaleSignals, { allowPseudo = false } = {}): PageLocale {
  return (
    localeOfTag(signals.parameter, { allowPseudo }) ??
    localeOfTag(signals.cookie, { allowPseudo }) ??
    localeOfTag(signals.saved) ??
    localeOfAcceptLanguage(signals.acceptLanguage) ??
    DEFAULT_LOCALE
  );
}
