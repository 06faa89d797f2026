import fc from 'fast-check';
import { PNG_BYTES } from '../helpers/media-bytes';
import type { ApiRoute } from './api-routes';
import { combineHints, emailAddress, semanticHints } from './field-hints';
import type { FuzzWorld, Identity, PoolName } from './fuzz-world';
import { IDENTITIES } from './fuzz-world';
import { anyJson, BAD_IDS, HOSTILE_STRINGS, hugeString, PROTOTYPE_KEYS } from './hostile-values';
import { type FieldHints, invalidValue, type JsonSchema, validValue } from './json-schema-arbitrary';
import { RawJson, toJsonText } from './json-text';

/** One generated request, as sent by `app.inject`. */
export type FuzzRequest = {
  identity: Identity;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/** Who a route is for, by its OpenAPI tag: the owner creator for creator calls, an admin for admin calls, else an enrolled student. */
const OWNER_TAGS = new Set(['creator', 'preview', 'uploads']);

/** The pool of known ids a path segment's parameter names. */
const POOL_BY_SEGMENT: Record<string, PoolName> = {
  courses: 'course',
  'saved-courses': 'course',
  modules: 'module',
  lessons: 'lesson',
  quizzes: 'quiz',
  questions: 'question',
  'quiz-attempts': 'attempt',
  certificates: 'certificate',
  'test-payments': 'paymentIntent',
  uploads: 'grant',
  objects: 'objectKey',
  // The admin console's (under /api/admin; `courses` is the catalogue's pool above).
  users: 'user',
  invitations: 'invitation',
  reviews: 'review',
  payments: 'payment',
  coupons: 'coupon',
};

/** Body fields named `<thing>Id` take the ids of that thing. */
const POOL_BY_ID_FIELD: Record<string, PoolName> = {
  courseId: 'course',
  moduleId: 'module',
  lessonId: 'lesson',
  quizId: 'quiz',
  questionId: 'question',
  attemptId: 'attempt',
  paymentIntentId: 'paymentIntent',
};

/** Bodies that are not JSON, or not quite: each must be a 4xx, never a 5xx. */
const BROKEN_JSON = [
  '{',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1} trailing',
  'nul',
  '\ufeff{}',
  '[',
  '"',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
];
const OTHER_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json-patch+json',
  'image/png',
  'video/mp4',
  'application/octet-stream',
];
/** Query keys that pollute a parsed query object's prototype in naive parsers. */
const HOSTILE_QUERY_KEYS = [...PROTOTYPE_KEYS, '__proto__[polluted]', 'constructor[prototype][polluted]', 'a[]', ''];
/** Path pieces sent without encoding: malformed escapes and dot segments. */
const RAW_PATH_PIECES = ['%', '%zz', '%E0%A4%A', '%00', '%2F', '%2e%2e', '..', '.', '%C0%AF', '~'];

export function requestArbitrary(route: ApiRoute, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const hints = combineHints(worldHints(world), semanticHints);
  return fc
    .record({
      identity: identityArbitrary(route),
      path: pathArbitrary(route, world),
      query: queryArbitrary(route, hints),
      body: bodyArbitrary(route, hints),
    })
    .map(({ identity, path, query, body }) => {
      const authorization = world.authorization[identity];
      return {
        identity,
        method: route.method,
        url: query ? `${path}?${query}` : path,
        headers: { ...(authorization ? { authorization } : {}), ...body.headers },
        ...(body.payload === undefined ? {} : { payload: body.payload }),
      };
    });
}

function identityArbitrary(route: ApiRoute): fc.Arbitrary<Identity> {
  const intended: Identity = route.tags.includes('admin')
    ? 'admin'
    : route.tags.some((tag) => OWNER_TAGS.has(tag))
      ? 'owner'
      : 'enrolled';
  return fc.oneof({ arbitrary: fc.constant(intended), weight: 7 }, { arbitrary: fc.constantFrom(...IDENTITIES), weight: 3 });
}

function pathArbitrary(route: ApiRoute, world: FuzzWorld): fc.Arbitrary<string> {
  const pieces = route.path.split('/').map((segment, index, segments) => {
    const name = /^\{(.+)\}$/.exec(segment)?.[1];
    if (name === undefined) return fc.constant(segment);
    const parameter = route.pathParams.find((candidate) => candidate.name === name);
    const pool = world.pools[POOL_BY_ID_FIELD[name] ?? POOL_BY_SEGMENT[segments[index - 1] ?? ''] ?? 'course'] ?? [];
    return pathParameter(parameter?.schema ?? { type: 'string' }, pool, name === '*');
  });
  return fc.tuple(...pieces).map((segments) => segments.join('/'));
}

function pathParameter(schema: JsonSchema, pool: string[], isWildcard: boolean): fc.Arbitrary<string> {
  const encode = isWildcard ? (value: string) => value.split('/').map(percentEncode).join('/') : percentEncode;
  const known = pool.length > 0 ? fc.constantFrom(...pool) : fc.uuid();
  const invalid = invalidValue(schema).map((value) => (typeof value === 'string' ? value : toJsonText(value)));
  return fc.oneof(
    { arbitrary: known.map(encode), weight: 6 },
    { arbitrary: fc.uuid().map(encode), weight: 1 },
    { arbitrary: fc.constantFrom(...BAD_IDS, ...HOSTILE_STRINGS).map(encode), weight: 1 },
    { arbitrary: invalid.map((value) => encode(value.slice(0, 400))), weight: 1 },
    {
      arbitrary: fc.tuple(known, fc.constantFrom(...RAW_PATH_PIECES)).map(([id, piece]) => `${encode(id)}${piece}`),
      weight: 1,
    },
  );
}

function queryArbitrary(route: ApiRoute, hints: FieldHints): fc.Arbitrary<string> {
  const declared = route.queryParams.map(({ name, schema }) =>
    fc.option(
      fc
        .oneof(validValue(schema, { field: name, hints }), invalidValue(schema))
        .map((value) => `${percentEncode(name)}=${percentEncode(queryText(value))}`),
      { nil: undefined, freq: 2 },
    ),
  );
  const junk = fc.array(
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom(...HOSTILE_QUERY_KEYS, ...route.queryParams.map((param) => param.name)),
          fc.string({ maxLength: 8 }),
        ),
        fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 8 })),
      )
      .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`),
    { maxLength: 2 },
  );
  const raw = fc.constantFrom('%', '%zz=1', '=', '&&', 'a=%E0%A4%A', `x=${'q'.repeat(5_000)}`);
  return fc
    .tuple(fc.tuple(...declared), fc.oneof({ arbitrary: junk, weight: 4 }, { arbitrary: raw.map((piece) => [piece]), weight: 1 }))
    .map(([params, extra]) => [...params.filter((param): param is string => param !== undefined), ...extra].join('&'));
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) becomes the three bytes a
 * careless encoder would write for it: invalid UTF-8, which is exactly what the server must survive.
 */
export function percentEncode(value: string): string {
  return Array.from(value, (character) => {
    const unit = character.charCodeAt(0);
    if (character.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(character);
  }).join('');
}

function queryText(value: unknown): string {
  return typeof value === 'string' ? value : toJsonText(value);
}

type Body = { headers: Record<string, string>; payload?: string | Buffer };

const json = (value: unknown): Body => ({ headers: { 'content-type': 'application/json' }, payload: toJsonText(value) });
const NO_BODY: Body = { headers: {} };

function bodyArbitrary(route: ApiRoute, hints: FieldHints): fc.Arbitrary<Body> {
  const takesBody = route.method !== 'GET' && route.method !== 'DELETE';
  const envelope = envelopeMutation();
  if (route.body) {
    return fc.oneof(
      { arbitrary: validValue(route.body, { hints }).map(json), weight: 4 },
      { arbitrary: invalidValue(route.body, { hints }).map(json), weight: 5 },
      { arbitrary: envelope, weight: 1 },
    );
  }
  if (!takesBody) {
    return fc.oneof(
      { arbitrary: fc.constant(NO_BODY), weight: 8 },
      { arbitrary: anyJson().map(json), weight: 1 },
      { arbitrary: envelope, weight: 1 },
    );
  }
  // No JSON schema: a body-less call (logout, publish) or one that takes raw bytes (an upload, a webhook).
  return fc.oneof(
    { arbitrary: fc.constant(NO_BODY), weight: 3 },
    { arbitrary: fc.constant({}).map(json), weight: 2 },
    { arbitrary: anyJson().map(json), weight: 2 },
    { arbitrary: rawBytes(), weight: 2 },
    { arbitrary: envelope, weight: 1 },
  );
}

/** What goes wrong around the JSON: none at all, not JSON, the wrong media type, far too much. */
function envelopeMutation(): fc.Arbitrary<Body> {
  return fc.oneof(
    fc.constant({ headers: { 'content-type': 'application/json' } }),
    fc.constantFrom(...BROKEN_JSON).map((text) => json(new RawJson(text))),
    fc
      .tuple(fc.constantFrom(...OTHER_CONTENT_TYPES), fc.oneof(anyJson().map(toJsonText), fc.constant('a=1&b=2')))
      .map(([type, payload]) => ({ headers: { 'content-type': type }, payload })),
    hugeString().map((text) => json({ a: text })),
    fc.constant({ headers: {}, payload: '{"a":1}' }),
  );
}

function rawBytes(): fc.Arbitrary<Body> {
  return fc.oneof(
    fc.constant({ headers: { 'content-type': 'image/png' }, payload: PNG_BYTES }),
    fc
      .tuple(fc.constantFrom(...OTHER_CONTENT_TYPES, 'image/svg+xml', 'video/webm'), fc.uint8Array({ maxLength: 64 }))
      .map(([type, bytes]) => ({ headers: { 'content-type': type }, payload: Buffer.from(bytes) })),
  );
}

/** Known ids and credentials for the fields that name them, with now and then one nobody has. */
function worldHints(world: FuzzWorld): FieldHints {
  const known = (pool: PoolName, other: fc.Arbitrary<unknown>) => {
    const values = world.pools[pool];
    return values.length === 0
      ? other
      : fc.oneof({ arbitrary: fc.constantFrom(...values), weight: 5 }, { arbitrary: other, weight: 1 });
  };
  return (field) => {
    const idPool = POOL_BY_ID_FIELD[field];
    if (idPool) return known(idPool, fc.uuid());
    switch (field) {
      case 'email':
        return known('email', emailAddress());
      case 'password':
      case 'newPassword':
        return known('password', fc.stringMatching(/^[a-z0-9]{6,20}$/));
      case 'token':
        return known('resetToken', fc.stringMatching(/^[A-Za-z0-9_-]{20,43}$/));
      case 'inviteCode':
        return known('inviteCode', fc.constant('not-the-code'));
      case 'role':
        return fc.constantFrom('student', 'creator', 'admin');
      case 'thumbnailURL':
        return known('uploadURL', fc.constant('/api/uploads/not-a-grant'));
      case 'thumbnail':
      case 'imageUrl':
      case 'videoUrl':
        return known('objectPath', fc.constant('/objects/uploads/nobody-uploaded-this'));
      default:
        return undefined;
    }
  };
}
