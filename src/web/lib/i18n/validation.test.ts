import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageLocale } from '#shared/i18n/locales';
import { accountMessages } from '#shared/schemas/account';
import { setRenderLocale } from './locale';
import { validationText } from './validation';

const SHARED = join(import.meta.dirname, '../../../shared');
const sources = [SHARED, join(SHARED, 'schemas')].flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => ({ name: join(dir, name), text: readFileSync(join(dir, name), 'utf8') })),
);

const STRING = String.raw`'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\x60(?:[^\x60\\]|\\.)*\x60`;
/** A literal's text; each `${…}` becomes 7, a value every filled message's pattern takes. */
const literalText = (literal: string) => literal.slice(1, -1).replace(/\$\{[^}]*\}/g, '7');
const constants = new Map(
  sources.flatMap(({ text }) =>
    [...text.matchAll(new RegExp(`const ([A-Z][A-Z0-9_]*) = (${STRING});`, 'g'))].map(
      ([, name = '', literal = '']) => [name, literalText(literal)] as const,
    ),
  ),
);

/** zod's checks that take their message as a last argument: `.min(1, '…')`, `.regex(/…/, '…')`. */
const CHECKS = new Set([
  'min',
  'max',
  'length',
  'gt',
  'gte',
  'lt',
  'lte',
  'regex',
  'refine',
  'nonempty',
  'startsWith',
  'endsWith',
]);

/** The name of the call whose arguments hold `index` (`min` in `.min(1, '…')`). */
function calledAt(text: string, index: number): string {
  let depth = 0;
  for (let at = index; at >= 0; at--) {
    if (text[at] === ')') depth++;
    else if (text[at] === '(' && depth-- === 0) return /(\w+)\s*$/.exec(text.slice(Math.max(0, at - 40), at))?.[1] ?? '';
  }
  return '';
}

/**
 * Every message a shared schema can give, read from the source: `message: '…'` (or a constant), and a
 * text as the last argument of a check such as `.min(1, '…')` or `.regex(/…/, '…')`.
 */
function schemaMessages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const { name, text } of sources) {
    for (const [, literal = ''] of text.matchAll(new RegExp(String.raw`message:\s*(${STRING})`, 'g'))) {
      found.set(literalText(literal), name);
    }
    for (const match of text.matchAll(new RegExp(String.raw`,\s*(${STRING})\s*\)`, 'g'))) {
      if (CHECKS.has(calledAt(text, match.index))) found.set(literalText(match[1] ?? ''), name);
    }
    for (const [, constant = ''] of text.matchAll(/message:\s*([A-Z][A-Z0-9_]*)\b/g)) {
      const message = constants.get(constant);
      if (message === undefined) throw new Error(`${name}: message ${constant} is not a string constant of src/shared`);
      found.set(message, name);
    }
  }
  return found;
}

/** The sign-in service's texts, read from its source (the web app never imports server code). */
function authServiceMessages(...keys: string[]): string[] {
  const source = readFileSync(join(import.meta.dirname, '../../../server/modules/auth/auth.service.ts'), 'utf8');
  return keys.map((key) => {
    const literal = new RegExp(String.raw`\n\s*${key}:\s*(${STRING})`).exec(source)?.[1];
    if (!literal) throw new Error(`authMessages.${key} is not in auth.service.ts`);
    return literalText(literal);
  });
}

/**
 * What the API answers the account's and sign-in's forms with besides the schemas' messages: the
 * account's field errors, and the refusals those forms show in a notice.
 */
const API_TEXTS = [
  accountMessages.wrongPassword,
  accountMessages.samePassword,
  accountMessages.emailSame,
  accountMessages.emailTaken,
  accountMessages.creatorHasStudents,
  accountMessages.creatorHasPublished,
  ...authServiceMessages('invalidCredentials', 'suspended', 'inviteRequired', 'inviteOtherEmail', 'resetInvalid'),
];

const inLocale = (locale: PageLocale) => setRenderLocale(() => locale);
afterEach(() => setRenderLocale(() => undefined));

describe('validationText', () => {
  const messages = [...schemaMessages().keys(), ...API_TEXTS];

  it('finds the shared schemas’ messages in their source', () => {
    expect(messages).toContain('Name is required');
    expect(messages).toContain('Password must be at least 7 characters long.');
    expect(messages).toContain('A course is free (0) or costs at least 0.50');
    expect(messages).toContain('Must not contain control characters');
    expect(messages).toContain('Write something first');
    expect(messages).toContain('Invalid email or password');
    expect(messages.length).toBeGreaterThan(50);
  });

  it.each(['es', 'de', 'ar'] as const)('has every message of the shared schemas in %s', (locale) => {
    inLocale(locale);
    const unknown = messages.filter((message) => validationText(message) === message);
    expect(unknown).toEqual([]);
  });

  it('gives the English text back word for word in English', () => {
    inLocale('en');
    expect(messages.filter((message) => validationText(message) !== message)).toEqual([]);
  });

  it('fills the values the English carries into the language’s message', () => {
    inLocale('de');
    expect(validationText('Password must be at least 6 characters long.')).toBe(
      'Das Passwort muss mindestens 6 Zeichen lang sein.',
    );
    expect(validationText('Captions in pt-BR are already there')).toBe('Untertitel in pt-BR gibt es bereits');
    expect(validationText('Code must be at most 20,000 characters')).toBe('Der Code darf höchstens 20.000 Zeichen lang sein');
    inLocale('es');
    expect(validationText('Name is required')).toBe('El nombre es obligatorio');
  });

  it('leaves a text it does not know as it came', () => {
    inLocale('es');
    expect(validationText('Something new went wrong')).toBe('Something new went wrong');
    expect(validationText('constructor')).toBe('constructor');
  });
});
