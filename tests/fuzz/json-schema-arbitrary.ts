import fc from 'fast-check';
import {
  anyJson,
  BAD_IDS,
  deepNesting,
  HOSTILE_NUMBERS,
  HOSTILE_STRINGS,
  hugeString,
  PROTOTYPE_KEYS,
  withControlCharacter,
} from './hostile-values';
import { JsonEntries } from './json-text';

/*
 * Arbitraries derived from a contract. The contracts are the zod 4 schemas in src/shared; zod 4
 * writes them out as JSON Schema (`z.toJSONSchema`, which is also how fastify-type-provider-zod
 * publishes each route's schemas in the OpenAPI document), and this walks that JSON Schema:
 * `validValue` makes values the schema accepts, `invalidValue` makes values one mutation away
 * from them (a wrong type, a missing or extra key, a length or number past its bound, a hostile
 * character). What JSON Schema cannot say (an email, a known course id, a price) comes from
 * `hints`, keyed by field name.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  /** OpenAPI 3.0's way of saying "or null". */
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

/** Valid values the schema cannot describe, for the field of that name; undefined when none are known. */
export type FieldHints = (field: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;

export type DeriveOptions = { field?: string; hints?: FieldHints };

/** The longest text a valid value usually gets; the exact maximum is tried too, now and then. */
const USUAL_TEXT_LENGTH = 24;
const TEXT_UNITS = [...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789-_.,:()é漢ß', ' ', ' '];

export function validValue(schema: JsonSchema, options: DeriveOptions = {}): fc.Arbitrary<unknown> {
  // A hint replaces the schema's own values: a random string is no email, and no course's id.
  const hinted = options.field === undefined ? undefined : options.hints?.(options.field, schema);
  const base = hinted ?? plainValid(schema, options);
  return schema.nullable ? fc.oneof({ arbitrary: base, weight: 5 }, { arbitrary: fc.constant(null), weight: 1 }) : base;
}

function plainValid(schema: JsonSchema, options: DeriveOptions): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((alternative) => validValue(alternative, options)));
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf), options);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => plainValid({ ...schema, type }, options)));
  switch (schema.type) {
    case 'string':
      return validString(schema);
    case 'integer':
      return fc.integer({ min: lowerBound(schema, 1, -1_000_000), max: upperBound(schema, 1, 1_000_000) });
    case 'number':
      return fc.double({
        min: lowerBound(schema, Number.EPSILON, -1_000_000),
        max: upperBound(schema, Number.EPSILON, 1_000_000),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, { hints: options.hints }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object':
      return validObject(schema, options.hints);
    default:
      return anyJson();
  }
}

function lowerBound(schema: JsonSchema, step: number, fallback: number): number {
  if (schema.exclusiveMinimum !== undefined) return schema.exclusiveMinimum + step;
  return schema.minimum ?? fallback;
}

function upperBound(schema: JsonSchema, step: number, fallback: number): number {
  if (schema.exclusiveMaximum !== undefined) return schema.exclusiveMaximum - step;
  return schema.maximum ?? fallback;
}

/** An ISO 8601 moment: four-digit years only, as toISOString writes others as ±YYYYYY, which no contract takes. */
export const isoDateTime = (): fc.Arbitrary<string> =>
  fc
    .date({ min: new Date('0000-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true })
    .map((date) => date.toISOString());

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 10_000;
  const fits = (value: string) => value.length >= min && value.length <= max;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') return isoDateTime();
  const usual = fc
    .string({ unit: fc.constantFrom(...TEXT_UNITS), minLength: min, maxLength: Math.max(min, Math.min(max, USUAL_TEXT_LENGTH)) })
    // Fields are trimmed before their minimum is checked, so a valid value starts and ends with a letter.
    .map((value) => value.replace(/^ | $/g, 'a'));
  const boundaries = [min, max].filter((length) => length > 0 && length <= 300_000);
  if (boundaries.length === 0) return usual;
  return fc.oneof(
    { arbitrary: usual, weight: 12 },
    { arbitrary: fc.constantFrom(...boundaries).map((length) => 'b'.repeat(length)), weight: 1 },
  );
}

function validObject(schema: JsonSchema, hints: FieldHints | undefined): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const fields = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, validValue(property, { field: key, hints })]),
  );
  const requiredKeys = (schema.required ?? []).filter((key) => key in properties);
  return fc.record(fields, { requiredKeys });
}

/** A value one mutation away from valid: what a buggy or hostile client sends. */
export function invalidValue(schema: JsonSchema, options: DeriveOptions = {}): fc.Arbitrary<unknown> {
  const type = primaryType(schema);
  const mutations: fc.Arbitrary<unknown>[] = [wrongType(schema), deepNesting()];
  if (type === 'object') mutations.push(...objectMutations(schema, options.hints));
  if (type === 'string') mutations.push(...stringMutations(schema));
  if (type === 'integer' || type === 'number') mutations.push(...numberMutations(schema));
  if (schema.enum?.length) {
    mutations.push(fc.constantFrom(...schema.enum.map((value) => String(value).toUpperCase()), 'other', ''));
  }
  if (type === 'array') {
    mutations.push(
      fc.array(invalidValue(schema.items ?? {}), { minLength: 1, maxLength: 2 }),
      fc.array(anyJson(), { minLength: (schema.maxItems ?? 50) + 1, maxLength: (schema.maxItems ?? 50) + 2 }),
    );
  }
  return fc.oneof(...mutations);
}

function primaryType(schema: JsonSchema): string | undefined {
  if (schema.enum?.length) return typeof schema.enum[0];
  if (Array.isArray(schema.type)) return schema.type[0];
  return schema.type ?? (schema.properties ? 'object' : undefined);
}

const SAMPLES_BY_TYPE: Record<string, unknown[]> = {
  null: [null],
  boolean: [true, false],
  integer: [0, -1, 7],
  number: [0.25, -1.5],
  string: ['', 'x', '1', 'true'],
  array: [[], ['x'], [1, 2]],
  object: [{}, { a: 1 }],
};

/** A value of every JSON type the schema does not allow. */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const allowed = new Set(
    [schema.anyOf, schema.oneOf]
      .flat()
      .map((alternative) => alternative?.type)
      .concat(schema.type)
      .flat()
      .filter((type): type is string => typeof type === 'string'),
  );
  if (schema.nullable) allowed.add('null');
  if (allowed.has('number')) allowed.add('integer');
  const samples = Object.entries(SAMPLES_BY_TYPE)
    .filter(([type]) => !allowed.has(type))
    .flatMap(([, values]) => values);
  return fc.constantFrom(...(samples.length > 0 ? samples : [null]));
}

function stringMutations(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const mutations: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(...HOSTILE_STRINGS, ...BAD_IDS),
    withControlCharacter(),
    hugeString(),
  ];
  if (schema.maxLength !== undefined) mutations.push(fc.constant('c'.repeat(schema.maxLength + 1)));
  if (schema.minLength) mutations.push(fc.constant('d'.repeat(schema.minLength - 1)), fc.constant(' '.repeat(schema.minLength)));
  return mutations;
}

function numberMutations(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const edges: unknown[] = [...HOSTILE_NUMBERS];
  if (schema.minimum !== undefined) edges.push(schema.minimum - 1, schema.minimum - 0.5);
  if (schema.maximum !== undefined) edges.push(schema.maximum + 1, schema.maximum + 0.5);
  return [fc.constantFrom(...edges)];
}

function objectMutations(schema: JsonSchema, hints: FieldHints | undefined): fc.Arbitrary<unknown>[] {
  const properties = schema.properties ?? {};
  const valid = validObject(schema, hints);
  const keys = Object.keys(properties);
  const required = (schema.required ?? []).filter((key) => key in properties);
  const mutations: fc.Arbitrary<unknown>[] = [
    // An extra key, prototype-polluting ones first among them.
    fc
      .tuple(valid, fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 })), extraValue())
      .map(([object, key, value]) => new JsonEntries([...Object.entries(object), [key, value]])),
    fc.constant(new JsonEntries([['__proto__', { isAdmin: true, role: 'creator' }]])),
  ];
  if (required.length > 0) {
    mutations.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([object, key]) => {
        const { [key]: _dropped, ...rest } = object;
        return rest;
      }),
    );
  }
  if (keys.length > 0) {
    const fieldMutation = fc
      .constantFrom(...keys)
      .chain((key) => fc.tuple(fc.constant(key), invalidValue(properties[key] ?? {}, { field: key, hints })));
    mutations.push(
      fc
        .tuple(valid, fieldMutation)
        .map(
          ([object, [key, value]]) => new JsonEntries([...Object.entries(object).filter(([name]) => name !== key), [key, value]]),
        ),
      // The same key twice: the parser keeps the last, a validator might look at the first.
      fc.tuple(valid, fieldMutation).map(([object, [key, value]]) => new JsonEntries([[key, value], ...Object.entries(object)])),
    );
  }
  return mutations;
}

function extraValue(): fc.Arbitrary<unknown> {
  return fc.oneof(anyJson(), fc.constant({ polluted: true }), fc.constant({ __proto__: null, admin: true }), deepNesting());
}
