/** "5 minutes ago" in the page's language: the catalogued form (lib/i18n/format.ts), kept at its old address for its callers. */
export { relativeTime } from './i18n/format';
