import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Below this, compression costs more than the bytes it saves. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A response serialized once and served many times: its compressed forms are made in the background
 * (zlib's async forms run in libuv's thread pool, off the event loop) and used once they exist.
 */
export type PreparedJson = {
  body: Buffer;
  gzip: Buffer | undefined;
  brotli: Buffer | undefined;
  /** Settles once the compressed forms are ready (or given up). */
  compressed: Promise<void>;
};

export function prepareJson(value: unknown): PreparedJson {
  return prepareJsonBytes(Buffer.from(JSON.stringify(value)));
}

export function prepareJsonBytes(body: Buffer): PreparedJson {
  const prepared: PreparedJson = { body, gzip: undefined, brotli: undefined, compressed: Promise.resolve() };
  if (body.length < COMPRESS_FROM_BYTES) return prepared;
  prepared.compressed = Promise.all([
    gzipAsync(body, { level: 9 }).then((bytes) => {
      prepared.gzip = bytes;
    }),
    brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }).then(
      (bytes) => {
        prepared.brotli = bytes;
      },
    ),
  ]).then(
    () => {},
    () => {},
  );
  return prepared;
}

/** For routes registered with `compress: false`: picks the best ready encoding the client accepts. */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedJson) {
  reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
  const accepted = request.headers['accept-encoding'];
  if (accepted && prepared.brotli && /\bbr\b/.test(accepted)) {
    return reply.header('content-encoding', 'br').send(prepared.brotli as never);
  }
  if (accepted && prepared.gzip && /\bgzip\b/.test(accepted)) {
    return reply.header('content-encoding', 'gzip').send(prepared.gzip as never);
  }
  return reply.send(prepared.body as never);
}
