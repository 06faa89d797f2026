import MessageFormat from '@messageformat/core';
import type { PageLocale } from './locales';
import { PSEUDO_LOCALE } from './locales';
import { MESSAGES, type MessageKey, type MessageValues } from './messages';
import { pseudoMessage } from './pseudo';

/*
 * Messages at run time, in any language: the server's (mails, receipts, certificates, drawn pages) and
 * the tests'. The browser never loads this: its build writes each message it uses, compiled for its one
 * language, where it is used (vite.config.ts, inlineMessages; ADR 0062).
 */

type Compiled = (values?: MessageValues) => string;
const formatters = new Map<string, MessageFormat>();
const compiled = new Map<string, Compiled>();

/** A message's source text in a language (the pseudo-locale's is made from English). */
export function messageText(locale: PageLocale, key: MessageKey): string {
  const message = MESSAGES[key];
  if (!message) throw new Error(`no message "${key}"`);
  return locale === PSEUDO_LOCALE ? pseudoMessage(message.en) : message[locale];
}

/** The pseudo-locale counts as English: its plurals and numbers are English ones. */
export const formattingLocale = (locale: PageLocale) => (locale === PSEUDO_LOCALE ? 'en' : locale);

/** `key`'s message in `locale`, with `values` in its placeholders. */
export function translate(locale: PageLocale, key: MessageKey, values?: MessageValues): string {
  const cacheKey = `${locale} ${key}`;
  let format = compiled.get(cacheKey);
  if (!format) {
    const language = formattingLocale(locale);
    let formatter = formatters.get(language);
    if (!formatter) {
      formatter = new MessageFormat(language);
      formatters.set(language, formatter);
    }
    format = formatter.compile(messageText(locale, key)) as Compiled;
    compiled.set(cacheKey, format);
  }
  return format(values);
}
