import { DEFAULT_LOCALE, isLocale, type Locale } from '#shared/i18n/locales';

/*
 * An account's saved language (users.locale, docs/product.md, Languages): what its mails, receipts and
 * certificates are written in. The column's check allows only known languages; anything else reads as
 * none, so a language dropped later falls back to English instead of failing a mail.
 */

export const savedLocale = (value: string | null | undefined): Locale | null => (isLocale(value) ? value : null);

/** The language to write to someone in: their saved one, else English. */
export const recipientLocale = (value: string | null | undefined): Locale => savedLocale(value) ?? DEFAULT_LOCALE;
