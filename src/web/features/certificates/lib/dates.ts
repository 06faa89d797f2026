import { formatDate } from '#web/lib/i18n/format';

/** A day as the certificate prints it, in the page's language: in UTC, so it is the same date wherever it is read. */
export const longDay = (iso: string) => formatDate(iso, { dateStyle: 'long', timeZone: 'UTC' });
