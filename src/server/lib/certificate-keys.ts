import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/i18n/locales';

/*
 * Where a certificate's PDFs are kept in the object store, one per language it was downloaded in: the
 * certificates module keeps them there, and deleting the account removes every one.
 */

/**
 * Outside the upload prefixes, which GET /objects/… serves: a kept PDF is read only through its route.
 * English keeps the key certificates had before they spoke other languages.
 */
export function certificateKey(certificateId: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? `certificates/${certificateId}.pdf` : `certificates/${certificateId}.${locale}.pdf`;
}

/** Every key a certificate's PDFs may be kept under, one per language. */
export const certificateKeys = (certificateId: string) => LOCALES.map((locale) => certificateKey(certificateId, locale));
