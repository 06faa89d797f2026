import { z } from 'zod';

/*
 * Text that reaches the database or a page must be text: PostgreSQL refuses U+0000 in `text` (a
 * 500 before these checks existed), other control characters hide content or fake line breaks in
 * mails and logs, and a lone surrogate cannot be encoded as UTF-8 at all (it silently becomes
 * U+FFFD, so two different passwords would hash alike).
 */

/** C0 controls, DEL and C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, allowing tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters';
export const INVALID_UNICODE_MESSAGE = 'Must be valid Unicode text';

export function hasControlCharacters(value: string, { multiLine = false } = {}): boolean {
  return (multiLine ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(value);
}

export function hasLoneSurrogates(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

export type TextOptions = {
  /** Longest accepted value, counted after trimming, in UTF-16 code units like `z.string().max`. */
  max: number;
  /** Surrounding whitespace is removed before any check; off for secrets such as passwords. */
  trim?: boolean;
};

function text(multiLine: boolean, { max, trim = true }: TextOptions) {
  const base = trim ? z.string().trim() : z.string();
  return base
    .refine((value) => !hasControlCharacters(value, { multiLine }), { message: CONTROL_CHARACTER_MESSAGE, abort: true })
    .refine((value) => !hasLoneSurrogates(value), { message: INVALID_UNICODE_MESSAGE, abort: true })
    .max(max);
}

/**
 * A one-line text field (names, titles, emails, codes, tokens, passwords): refuses every control
 * character, tab and line breaks included. Chain `.min()` or `.pipe()` for more rules.
 */
export function singleLineText(options: TextOptions) {
  return text(false, options);
}

/** A multi-line text field (descriptions, answers): tab, LF and CR allowed, other controls refused. */
export function multiLineText(options: TextOptions) {
  return text(true, options);
}
