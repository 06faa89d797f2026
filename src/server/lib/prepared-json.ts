import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Below this, compression costs more than the bytes it saves. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A response serialized once and served many times. Its compressed forms are made when a client
 * first asks for them (zlib's async forms run in libuv's thread pool, off the event loop) and used
 * once they exist: a creator's edit replaces a course's documents, and compressing every version
 * eagerly cost readers CPU for versions no browser ever fetched.
 */
export type PreparedJson = {
  body: Buffer;
  gzip: Buffer | undefined;
  brotli: Buffer | undefined;
  /** Starts compressing if nothing has yet, and settles once the compressed forms are ready (or given up). */
  readonly compressed: Promise<void>;
};

/** Brotli 9 is within a few percent of 11 in size at a fraction of its time. */
const BROTLI_QUALITY = 9;
const GZIP_LEVEL = 9;

export function prepareJson(value: unknown): PreparedJson {
  return prepareJsonBytes(Buffer.from(JSON.stringify(value)));
}

export function prepareJsonBytes(body: Buffer): PreparedJson {
  let started: Promise<void> | undefined;
  const prepared: PreparedJson = {
    body,
    gzip: undefined,
    brotli: undefined,
    get compressed() {
      if (body.length < COMPRESS_FROM_BYTES) return Promise.resolve();
      started ??= Promise.all([
        gzipAsync(body, { level: GZIP_LEVEL }).then((bytes) => {
          prepared.gzip = bytes;
        }),
        brotliAsync(body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
        }).then((bytes) => {
          prepared.brotli = bytes;
        }),
      ]).then(
        () => {},
        () => {},
      );
      return started;
    },
  };
  return prepared;
}

/** A prepared response as sent to one kind of client: its headers and bytes, made once and reused. */
export type PreparedAnswer = { readonly headers: Readonly<Record<string, string>>; readonly body: Buffer };

type Encoding = 'br' | 'gzip' | 'identity';

type Accepted = Readonly<{ br: boolean; gzip: boolean }>;
const NONE: Accepted = { br: false, gzip: false };
/** Headers parsed so far: clients send few distinct ones, and every hot read asks. */
const acceptedByHeader = new Map<string, Accepted>();

/** Which of br and gzip an Accept-Encoding header takes, for JSON and pages alike (`q=0` refuses one). */
export function acceptedEncodings(header: string | undefined): Accepted {
  if (!header || header.length > 512) return NONE;
  let accepted = acceptedByHeader.get(header);
  if (!accepted) {
    const taken = new Set<string>();
    for (const part of header.toLowerCase().split(',')) {
      const [name = '', ...parameters] = part.split(';');
      const q = parameters.map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
      if (q === undefined || Number(q) > 0) taken.add(name.trim());
    }
    accepted = { br: taken.has('br'), gzip: taken.has('gzip') };
    if (acceptedByHeader.size >= 256) acceptedByHeader.clear();
    acceptedByHeader.set(header, accepted);
  }
  return accepted;
}

/** The best ready encoding the client accepts; the first such client sets the compression going. */
function chooseEncoding(prepared: PreparedJson, acceptEncoding: string | undefined): Encoding {
  if (prepared.body.length < COMPRESS_FROM_BYTES) return 'identity';
  const accepted = acceptedEncodings(acceptEncoding);
  if (prepared.brotli && accepted.br) return 'br';
  if (prepared.gzip && accepted.gzip) return 'gzip';
  if (accepted.br || accepted.gzip) void prepared.compressed;
  return 'identity';
}

// Building a header object per request (spreading a dozen keys) measurably slowed the hottest reads.
const answers = new WeakMap<
  PreparedJson,
  { routeHeaders: Readonly<Record<string, string>> | undefined; byEncoding: Partial<Record<Encoding, PreparedAnswer>> }
>();

/**
 * The headers and bytes of a prepared response for a client's Accept-Encoding. `routeHeaders` (a
 * route's cache policy) come first, as a route sets them first; pass the same object each time for
 * one prepared response, so the answer is made once.
 */
export function preparedAnswer(
  prepared: PreparedJson,
  acceptEncoding: string | undefined,
  routeHeaders?: Readonly<Record<string, string>>,
): PreparedAnswer {
  const encoding = chooseEncoding(prepared, acceptEncoding);
  let made = answers.get(prepared);
  if (!made || made.routeHeaders !== routeHeaders) {
    made = { routeHeaders, byEncoding: {} };
    answers.set(prepared, made);
  }
  made.byEncoding[encoding] ??= makeAnswer(prepared, encoding, routeHeaders);
  return made.byEncoding[encoding];
}

function makeAnswer(prepared: PreparedJson, encoding: Encoding, routeHeaders: Readonly<Record<string, string>> | undefined) {
  const headers: Record<string, string> = {
    ...routeHeaders,
    vary: 'accept-encoding',
    'content-type': 'application/json; charset=utf-8',
  };
  if (encoding === 'identity') return { headers, body: prepared.body };
  headers['content-encoding'] = encoding;
  return { headers, body: (encoding === 'br' ? prepared.brotli : prepared.gzip) as Buffer };
}

/** For routes registered with `compress: false`: sends the prepared answer (see preparedAnswer). */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedJson) {
  const { headers, body } = preparedAnswer(prepared, request.headers['accept-encoding']);
  return reply.headers(headers).send(body as never);
}
