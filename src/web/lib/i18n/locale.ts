import { localeOfTag, type PageLocale } from '#shared/i18n/locales';

/*
 * The language the page is drawn in. In the browser it is `<html lang>`, which the server wrote for the
 * build of that language (ADR 0062); while the server draws a page, the render says (src/web/entry-server.tsx).
 */
let renderLocale: (() => PageLocale | undefined) | undefined;

/** The server's renderer tells which language the current render is in. */
export function setRenderLocale(source: () => PageLocale | undefined) {
  renderLocale = source;
}

export function currentLocale(): PageLocale {
  const rendering = renderLocale?.();
  if (rendering) return rendering;
  if (typeof document !== 'undefined') return localeOfTag(document.documentElement.lang, { allowPseudo: true }) ?? 'en';
  return 'en';
}

/** The locale `Intl` formats with: the pseudo-locale's numbers and dates are English. */
export const intlLocale = (): string => {
  const locale = currentLocale();
  return locale === 'en-XA' ? 'en' : locale;
};
