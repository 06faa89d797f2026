import fc from 'fast-check';
import { RawJson } from './json-text';

/*
 * Inputs that have broken web APIs before: characters PostgreSQL or UTF-8 refuse, keys that reach
 * a prototype, numbers JSON cannot carry, ids of the wrong shape, and sizes past every limit.
 */

/** Keys that pollute or shadow an object's prototype when merged carelessly. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__'];

export const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\t', '\n', '\r', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f'];

/** Strings that are text to a person but not to a database, a decoder or a shell. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '   \t ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'a\udc00b',
  '\ufeffbom',
  '\u202eevil',
  '\u2028\u2029',
  "'; drop table users; --",
  '" or "1"="1',
  '%00',
  '%',
  '%zz',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally.
  '${7*7}{{7*7}}',
  '%s%n%x',
  'null',
  'undefined',
  'NaN',
  'true',
  '-1',
  '1e309',
  '０１２３',
  '😀'.repeat(30),
  ...PROTOTYPE_KEYS,
];

/** Ids of the wrong shape, and of the right shape but nobody's. */
export const BAD_IDS = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '123e4567-e89b-12d3-a456-42661417400',
  '123e4567-e89b-12d3-a456-4266141740000',
  '123E4567-E89B-12D3-A456-426614174000',
  '{123e4567-e89b-12d3-a456-426614174000}',
  '0',
  '-1',
  '1.5',
  'pi_000000000000',
  "' or 1=1 --",
  'a'.repeat(100),
  'a'.repeat(101),
  ...PROTOTYPE_KEYS,
];

/** Numbers at and past every edge, and tokens that are not JSON numbers at all. */
export const HOSTILE_NUMBERS: unknown[] = [
  -1,
  -0,
  0.5,
  1.5,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e308,
  5e-324,
  new RawJson('NaN'),
  new RawJson('Infinity'),
  new RawJson('-Infinity'),
  new RawJson('1e999'),
  new RawJson('0x10'),
  new RawJson('01'),
  new RawJson('1.'),
  new RawJson('+1'),
  '1',
  '1.5',
];

/** Any JSON value, small: for routes without a body schema and for wrong-type swaps. */
export const anyJson = (): fc.Arbitrary<unknown> => fc.jsonValue({ maxDepth: 3 });

/** A string with a hostile character spliced into otherwise reasonable text. */
export const withControlCharacter = (): fc.Arbitrary<string> =>
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL_CHARACTERS, '\ud800', '\udfff'), fc.string({ maxLength: 8 }))
    .map(([before, character, after]) => `${before}${character}${after}`);

/** `[[[…]]]` or `{"a":{"a":…}}` nested `depth` deep: stack-hungry parsers and validators fall over. */
export function deeplyNested(depth: number, kind: 'array' | 'object'): RawJson {
  return kind === 'array'
    ? new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)
    : new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
}

export const deepNesting = (): fc.Arbitrary<RawJson> =>
  fc
    .tuple(fc.constantFrom(64, 1_000, 5_000), fc.constantFrom('array' as const, 'object' as const))
    .map(([depth, kind]) => deeplyNested(depth, kind));

/** Strings past any field's limit: a few kilobytes up to past the largest body limit (256 KB). */
export const hugeString = (): fc.Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom(4_097, 20_000, 300_000), fc.constantFrom('a', 'é', '😀', ' ', '\u0000'))
    .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));
