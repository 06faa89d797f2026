import type { IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { HttpTimeouts } from '../lib/http-timeouts';
import { onClientError } from './router-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A large file streams in: instead of the whole-request deadline (a 100 MB video on a slow
     * line takes minutes), the body must keep arriving at `uploadMinBytesPerWindow` every window.
     */
    streamedUpload?: boolean;
  }
}

export type BodyDeadlineOptions = Pick<HttpTimeouts, 'requestTimeoutMs' | 'uploadWindowMs' | 'uploadMinBytesPerWindow'>;

/** Without these two headers an HTTP/1.1 request has no body (its `complete` is set only later). */
function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

const timeoutError = () => Object.assign(new Error('request body too slow'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });

/**
 * Node's own `requestTimeout` is server-wide, so it cannot let an upload run longer than a login.
 * It is switched off (headersTimeout stays Node's) and this plugin bounds every body instead: the
 * whole request within `requestTimeoutMs`, or, on a streamed upload, a minimum throughput per
 * window, so one byte every 20 seconds is cut off either way. Requests without a body (every GET)
 * cost nothing.
 */
export const bodyDeadlinePlugin = fp(
  async (app: FastifyInstance, options: BodyDeadlineOptions) => {
    app.addHook('onRequest', (request, reply, done) => {
      const raw = request.raw;
      const socket = raw.socket as Socket | null;
      if (!hasBody(raw.headers) || raw.complete || !socket || typeof socket.destroy !== 'function') return done();
      const cutOff = () => {
        if (raw.complete || socket.destroyed) return;
        // Answered already (say a 401 before the body came): a second response cannot follow.
        if (reply.raw.headersSent) socket.destroy();
        else onClientError.call(app, timeoutError(), socket);
      };
      let timer: NodeJS.Timeout;
      if (request.routeOptions.config.streamedUpload) {
        let bytesAtWindowStart = socket.bytesRead;
        timer = setInterval(() => {
          if (socket.bytesRead - bytesAtWindowStart < options.uploadMinBytesPerWindow) return cutOff();
          bytesAtWindowStart = socket.bytesRead;
        }, options.uploadWindowMs);
      } else {
        timer = setTimeout(cutOff, options.requestTimeoutMs);
      }
      timer.unref();
      const stop = () => clearTimeout(timer);
      raw.once('end', stop);
      raw.once('close', stop);
      done();
    });
  },
  { name: 'body-deadline' },
);
