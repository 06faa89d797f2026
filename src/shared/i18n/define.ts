import type { Locale } from './locales';

/**
 * One message in every language: ICU MessageFormat (`{name}`, `{count, plural, one {# course} other
 * {# courses}}`, `{kind, select, …}`), and `<b>…</b>`-style tags where a part is drawn differently
 * (src/web/lib/i18n/rich-text.tsx). Never text joined in code: a whole sentence is one message.
 */
export type Translations = Readonly<Record<Locale, string>>;

/** A feature's messages, keyed `feature.what` (the key's first part names the file's area). */
export const defineMessages = <const T extends Record<string, Translations>>(messages: T): T => messages;
