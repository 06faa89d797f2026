/*
 * Fuzzed bodies must say things a JavaScript object cannot: a "__proto__" key (an object literal
 * would set the prototype instead), the same key twice, or tokens such as NaN that are not JSON at
 * all. Values are plain JSON data plus these two wrappers, written out by toJsonText.
 */

/** An object written key by key, in order, duplicates and special keys included. */
export class JsonEntries {
  constructor(readonly entries: readonly (readonly [string, unknown])[]) {}
}

/** Text written as is: NaN, a truncated document, 10 000 nested brackets. */
export class RawJson {
  constructor(readonly text: string) {}
}

export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonEntries) {
    return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return toJsonText(new JsonEntries(Object.entries(value)));
  }
  // undefined has no JSON form; inside an array or object null is what JSON.stringify writes too.
  return JSON.stringify(value) ?? 'null';
}

/** The entries of a plain object or a JsonEntries, for mutating either alike. */
export function entriesOf(value: unknown): [string, unknown][] | undefined {
  if (value instanceof JsonEntries) return value.entries.map(([key, item]) => [key, item]);
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJson)) {
    return Object.entries(value);
  }
  return undefined;
}
