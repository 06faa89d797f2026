import type { MessageKey, MessageValues } from '#shared/i18n/messages';
import { translate } from '#shared/i18n/translate';
import { currentLocale } from './locale';

/**
 * A message of the catalogs in the page's language: `t('catalog.enroll')`, `t('learning.slideOf', { n, total })`.
 * The key is always written out (the browser's build replaces each call by the message compiled for
 * its language, vite.config.ts; a key held in a variable fails the build): for a choice of messages,
 * write a call for each. Never at a module's top level: the server draws pages in every language.
 */
export function t(key: MessageKey, values?: MessageValues): string {
  return translate(currentLocale(), key, values);
}
