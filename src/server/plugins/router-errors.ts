import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '#shared/errors';
import { securityHeaders } from './security';

/*
 * Errors raised before a request reaches a route (a malformed URL, a parameter over
 * maxParamLength, an unparsable request or a timeout) bypass the hooks that add the security
 * headers and the error handler that shapes error bodies. These two handlers, passed to Fastify as
 * `frameworkErrors` and `clientErrorHandler`, answer them like every other error: `{ message }`,
 * the security headers, `x-request-id`, and no framework codes.
 */

let headers: Record<string, string> | undefined;
function edgeHeaders(): Record<string, string> {
  headers ??= { ...securityHeaders(), 'cache-control': 'no-store' };
  return headers;
}

const routerErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'Malformed URL' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'A path parameter is too long' },
};

export function onFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = routerErrors[error.code];
  if (!known) request.log.error({ err: error }, 'router failed');
  const { status, message } = known ?? { status: 500, message: 'Internal server error' };
  request.server.metrics?.refused(status);
  void reply
    .code(status)
    .headers(edgeHeaders())
    .header('x-request-id', request.id)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ message } satisfies ApiErrorBody));
}

const clientErrors: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'Request headers are too large' },
};

/** The request could not be parsed, or arrived too slowly: answer in raw HTTP and close. */
export function onClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = (error.code && clientErrors[error.code]) || { status: 400, message: 'Malformed request' };
  this.log.debug({ err: error }, 'client error');
  this.metrics?.refused(status);
  // A response already under way cannot be followed by another one on the same socket.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ message } satisfies ApiErrorBody);
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      `x-request-id: ${randomUUID()}`,
      ...Object.entries(edgeHeaders()).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
    return;
  }
  socket.destroy();
}
