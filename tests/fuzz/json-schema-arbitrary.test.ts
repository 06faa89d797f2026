import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as auth from '#shared/schemas/auth';
import * as creator from '#shared/schemas/creator';
import * as enrollment from '#shared/schemas/enrollment';
import * as learning from '#shared/schemas/learning';
import * as uploads from '#shared/schemas/uploads';
import { semanticHints } from './field-hints';
import { fuzzSettings } from './fuzz-settings';
import { type JsonSchema, validValue } from './json-schema-arbitrary';

/*
 * The derivation is only useful if its "valid" values are valid: otherwise the API fuzz would stop
 * every request at validation and never reach a handler. Checked against every request-body
 * contract in src/shared, so a new one is covered as soon as it is exported.
 */

/** Rules across fields, which JSON Schema cannot carry; a value may break them and still be well-formed. */
const CROSS_FIELD_MESSAGES = [
  / slide has no /,
  /^Fill option C before option D$/,
  /^Please select a correct answer/,
  // Typed questions: rules across fields.
  /^Send either selectedOption/,
  /^Mark (correct choices among the choices given|each correct choice once)$/,
  /^Each choice must be different$/,
];

const bodySchemas = Object.entries<unknown>({ ...auth, ...creator, ...enrollment, ...learning, ...uploads }).filter(
  (entry): entry is [string, z.ZodType] => entry[0].endsWith('BodySchema') && entry[1] instanceof z.ZodType,
);

describe('values derived from a zod contract', () => {
  it('finds the request-body contracts', () => {
    expect(bodySchemas.length).toBeGreaterThanOrEqual(15);
  });

  it.each(bodySchemas)('%s: valid values pass the schema itself', (_name, schema) => {
    const jsonSchema = z.toJSONSchema(schema, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' }) as JsonSchema;
    const { seed } = fuzzSettings();
    fc.assert(
      fc.property(validValue(jsonSchema, { hints: semanticHints }), (value) => {
        const result = schema.safeParse(JSON.parse(JSON.stringify(value)));
        const unexpected = result.error?.issues.filter(
          (issue) => !CROSS_FIELD_MESSAGES.some((message) => message.test(issue.message)),
        );
        expect(unexpected ?? []).toEqual([]);
      }),
      { seed, numRuns: 100 },
    );
  });
});
