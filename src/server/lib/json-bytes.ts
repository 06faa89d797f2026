import type { FastifyReply } from 'fastify';

/**
 * Adds fields to an object already serialized as JSON, without parsing it again: the cached bytes
 * of a course plus the caller's own fields (isEnrolled, progress).
 */
export function withJsonFields(objectJson: Buffer, fields: Record<string, unknown>): Buffer {
  const extra = JSON.stringify(fields);
  if (extra === '{}') return objectJson;
  const hasFields = objectJson.length > 2;
  return Buffer.concat([
    objectJson.subarray(0, objectJson.length - 1),
    Buffer.from(hasFields ? `,${extra.slice(1)}` : extra.slice(1)),
  ]);
}

const COMMA = Buffer.from(',');

/** `[a,b,c]` from already serialized items. */
export function jsonArray(items: Buffer[]): Buffer {
  return Buffer.concat([Buffer.from('['), ...items.flatMap((item, index) => (index ? [COMMA, item] : [item])), Buffer.from(']')]);
}

/** Sends bytes serialized when they were cached; their source was typed by the route's schema. */
export function sendJsonBytes(reply: FastifyReply, bytes: Buffer) {
  return reply.type('application/json; charset=utf-8').send(bytes as never);
}
