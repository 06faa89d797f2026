import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE, INVALID_UNICODE_MESSAGE, multiLineText, singleLineText } from './text';

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('text field schemas', () => {
  it('single-line text refuses every control character, tab and line breaks included', () => {
    const schema = singleLineText({ max: 50 });
    for (const char of ['\u0000', '\u0001', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f', '\u0080', '\u009f']) {
      expect(issues(schema.safeParse(`a${char}b`)), JSON.stringify(char)).toEqual([CONTROL_CHARACTER_MESSAGE]);
    }
  });

  it('multi-line text allows tab, LF and CR only', () => {
    const schema = multiLineText({ max: 50 });
    expect(schema.parse('line one\r\n\tline two\n')).toBe('line one\r\n\tline two');
    for (const char of ['\u0000', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085']) {
      expect(issues(schema.safeParse(`a${char}b`)), JSON.stringify(char)).toEqual([CONTROL_CHARACTER_MESSAGE]);
    }
  });

  it('refuses lone surrogates but keeps characters outside the BMP', () => {
    const schema = singleLineText({ max: 50 });
    expect(issues(schema.safeParse('a\ud800b'))).toEqual([INVALID_UNICODE_MESSAGE]);
    expect(issues(schema.safeParse('a\udc00'))).toEqual([INVALID_UNICODE_MESSAGE]);
    expect(issues(schema.safeParse('\udc00\ud800'))).toEqual([INVALID_UNICODE_MESSAGE]);
    expect(schema.parse('emoji 😀 and 𝔘')).toBe('emoji 😀 and 𝔘');
  });

  it('trims unless told not to, then checks the length', () => {
    expect(singleLineText({ max: 3 }).parse('  abc  ')).toBe('abc');
    expect(singleLineText({ max: 3, trim: false }).safeParse(' abc ').success).toBe(false);
    expect(singleLineText({ max: 10 }).min(1).safeParse('   ').success).toBe(false);
  });
});
