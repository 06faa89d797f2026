/** "2026-11" -> "November 2026" in the page's language: the catalogued form (lib/i18n/format.ts), kept at its old address for its callers. */
export { formatMonth } from './i18n/format';
