import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, LOCALE_PARAMETER, type Locale } from '#shared/i18n/locales';
import { apiRequest, getStoredToken } from '#web/lib/api-client';

/** Remembers the language in this browser for a year: the server draws every page in it (ADR 0062). */
export function writeLocaleCookie(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing from older browsers; a locale code needs no escaping
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

/**
 * The address to load once a language is chosen: this one without `?lang=`, which outranks the cookie
 * and would keep the page as it was; null when it has none (a reload will do).
 */
export function addressWithoutLanguage(href: string): string | null {
  const address = new URL(href);
  if (!address.searchParams.has(LOCALE_PARAMETER)) return null;
  address.searchParams.delete(LOCALE_PARAMETER);
  return address.href;
}

/**
 * The language menu's choice (docs/product.md, Pages, addresses and the header): the cookie, the
 * signed-in account's saved language (mails and other browsers follow it), then the page again, since
 * each language is a build of its own.
 */
export async function chooseLanguage(locale: Locale): Promise<void> {
  writeLocaleCookie(locale);
  if (getStoredToken()) {
    try {
      await apiRequest('PATCH', '/api/auth/me', { locale });
    } catch {
      // The cookie already carries the choice in this browser; the account catches up on a later pick.
    }
  }
  const address = addressWithoutLanguage(window.location.href);
  if (address) window.location.replace(address);
  else window.location.reload();
}

/**
 * A page opened at an address with a known `?lang=` (a search engine's `hreflang` alternate) was drawn
 * in that language: the cookie keeps the reader in it on the next pages, which have no such parameter.
 */
export function adoptAddressLanguage(search: string = window.location.search): void {
  const asked = new URLSearchParams(search).get(LOCALE_PARAMETER);
  if (isLocale(asked)) writeLocaleCookie(asked);
}
