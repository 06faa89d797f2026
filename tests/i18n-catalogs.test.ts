import { parse } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { LOCALES, PSEUDO_LOCALE } from '#shared/i18n/locales';
import { MESSAGE_AREAS, MESSAGES, type MessageKey } from '#shared/i18n/messages';
import { pseudoMessage } from '#shared/i18n/pseudo';
import { translate } from '#shared/i18n/translate';

/*
 * The catalogs (ADR 0062): every message in every language is valid ICU, fills the same placeholders
 * as English, and has one definition; the pseudo-locale keeps ICU's syntax and marks all its text.
 */

type Token = ReturnType<typeof parse>[number];
/** The names a message's placeholders, plurals and selects read, and its tags. */
function slotsOf(tokens: Token[], into = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (token.type === 'argument' || token.type === 'function') into.add(token.arg);
    if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      into.add(token.arg);
      for (const found of token.cases) slotsOf(found.tokens as Token[], into);
    }
    if (token.type === 'content') for (const [, tag] of token.value.matchAll(/<\/?([a-zA-Z][\w-]*)>/g)) into.add(`<${tag}>`);
  }
  return into;
}

const keys = Object.keys(MESSAGES) as MessageKey[];

describe('the message catalogs', () => {
  it('define each key once, named after its area', () => {
    const seen = new Map<string, number>();
    for (const area of Object.values(MESSAGE_AREAS)) for (const key of Object.keys(area)) seen.set(key, (seen.get(key) ?? 0) + 1);
    expect([...seen].filter(([, count]) => count > 1).map(([key]) => key)).toEqual([]);
    for (const area of Object.values(MESSAGE_AREAS)) {
      const prefixes = new Set(Object.keys(area).map((key) => key.split('.')[0]));
      expect(prefixes.size).toBe(1);
    }
  });

  it.each(LOCALES)('has every message in %s, valid, with the same placeholders and tags as English', (locale) => {
    const problems: string[] = [];
    for (const key of keys) {
      const text = MESSAGES[key][locale];
      if (!text?.trim()) {
        problems.push(`${key}: empty`);
        continue;
      }
      try {
        const expected = [...slotsOf(parse(MESSAGES[key].en))].sort();
        const found = [...slotsOf(parse(text))].sort();
        if (JSON.stringify(found) !== JSON.stringify(expected)) problems.push(`${key}: ${found} instead of ${expected}`);
        const values = Object.fromEntries(expected.filter((slot) => !slot.startsWith('<')).map((slot) => [slot, 3]));
        expect(typeof translate(locale, key, values)).toBe('string');
      } catch (error) {
        problems.push(`${key}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('makes pseudo-locale text that keeps the ICU syntax, tags and placeholders, and leaves no plain letter', () => {
    expect(pseudoMessage('{count, plural, one {# course by {name}} other {# courses}} <link>Open</link>')).toBe(
      '⟦{count, plural, one {# çöûŕšé ƀý {name}} other {# çöûŕšéš}} <link>Öþéñ</link>⟧',
    );
    for (const key of keys) {
      const text = translate(
        PSEUDO_LOCALE,
        key,
        Object.fromEntries([...slotsOf(parse(MESSAGES[key].en))].map((slot) => [slot, ''])),
      );
      expect(text.replace(/<\/?[a-zA-Z][\w-]*>/g, '')).not.toMatch(/[A-Za-z]/);
    }
  });
});
