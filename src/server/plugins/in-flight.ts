import type { RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Closing the app waits for every route handler still running. The server's own close waits only
 * for open connections, and a client that hung up leaves none: its handler went on into a closed
 * database ("Cannot use a pool after calling end"), and its write was lost halfway. Handlers that
 * answer synchronously (the warm reads) are not tracked and cost nothing more.
 */
export const inFlightPlugin = fp(
  async (app) => {
    const running = new Set<PromiseLike<unknown>>();
    app.addHook('onRoute', (route) => {
      const handler = route.handler;
      const tracked: RouteHandlerMethod = function (request, reply) {
        const result: unknown = handler.call(this, request, reply);
        if (result instanceof Promise) {
          running.add(result);
          const forget = () => running.delete(result);
          result.then(forget, forget);
        }
        return result;
      };
      route.handler = tracked as typeof route.handler;
    });
    // Registered before the routes, so it runs after the server has stopped taking requests.
    app.addHook('onClose', async () => {
      while (running.size > 0) await Promise.allSettled(running);
    });
  },
  { name: 'in-flight' },
);
