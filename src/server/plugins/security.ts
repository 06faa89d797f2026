import compress from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Origins a third-party script needs beyond the app's own, e.g. Stripe.js when the checkout takes cards
 * through Stripe. Each list is added to its directive; the rest of the policy never changes.
 */
export type CspAllowance = { scriptSrc?: string[]; frameSrc?: string[]; connectSrc?: string[] };

export type CspOptions = {
  allow?: CspAllowance;
  /**
   * Where browsers send violation reports (`report-uri`), for the test-only endpoint. No `report-to`:
   * with it Chromium ignores `report-uri`, and its Reporting API had delivered nothing after 70 s in
   * a headless run, so a test could not tell a clean page from one whose report is still queued.
   */
  reportUri?: string;
};

function helmetOptions({ allow = {}, reportUri }: CspOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // No inline script but those allowed by hash (index.html's theme bootstrap, see page-html.ts).
        // 'wasm-unsafe-eval' lets WebAssembly compile (Python in the browser, ADR 0053), not JavaScript.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...(allow.scriptSrc ?? [])],
        // Python's worker, from this origin's own file: no blob: or data: workers.
        workerSrc: ["'self'"],
        // Radix positions popovers with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(allow.connectSrc ?? [])],
        frameSrc: [
          'https://www.youtube-nocookie.com',
          'https://www.youtube.com',
          'https://player.vimeo.com',
          ...(allow.frameSrc ?? []),
        ],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        ...(reportUri ? { reportUri: [reportUri] } : {}),
      },
    },
    // Lets lesson media from the object store load across origins (S3/CDN).
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  };
}

/**
 * helmet's headers depend only on its options, so they are computed once at start-up: running
 * helmet per request cost about 30 % of the throughput of the busiest route.
 */
export function securityHeaders(csp: CspOptions = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(csp))({} as never, response as never, () => {});
  return headers;
}

/**
 * The headers every answer starts with, whatever route sends it: the security headers, its request
 * id and, for the API, `no-store` until the route sets its own cache policy (API answers are
 * per-request data unless the route says otherwise).
 */
function baseResponseHeaders(url: string, requestId: string, csp: CspOptions): Record<string, string> {
  const headers: Record<string, string> = { ...securityHeaders(csp), 'x-request-id': requestId };
  if (url.startsWith('/api/')) headers['cache-control'] = 'no-store';
  return headers;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Responses carry one user's data even without a bearer token: never stored by any cache. */
    private?: boolean;
    /**
     * Responses are the same for every caller, signed in or not, and the route sets a public cache
     * policy itself: the signed-in `no-store` rule is not attached to it (one hook less per request).
     */
    public?: boolean;
  }
}

const toArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** A response's own policy wins only if it says `public`: the same bytes for everyone. */
const PUBLIC = /(^|[\s,])public([\s,]|$)/i;

export const securityPlugin = fp<CspOptions>(
  async (app, csp) => {
    // Made once: the request id's place is kept in them, and each request sets its own.
    const apiHeaders = baseResponseHeaders('/api/', '', csp);
    const pageHeaders = baseResponseHeaders('/', '', csp);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders).header('x-request-id', request.id);
      done();
    });
    // A response to a signed-in request carries that user's data (or a token): no browser,
    // proxy or CDN may keep it, whatever the route set, unless the route declared it public.
    const keepPrivate = (
      _request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (error: null, payload: unknown) => void,
    ) => {
      const policy = reply.getHeader('cache-control');
      if (typeof policy !== 'string' || !PUBLIC.test(policy)) reply.header('cache-control', 'no-store');
      done(null, payload);
    };
    const keepPrivateWhenSignedIn = (
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (error: null, payload: unknown) => void,
    ) => {
      if (request.headers.authorization !== undefined) return keepPrivate(request, reply, payload, done);
      done(null, payload);
    };
    // Decided once per route: reading reply.routeOptions builds a new object on every call. Answers
    // that match no route (404s, the SPA's index.html) carry no user data.
    app.addHook('onRoute', (route) => {
      if (route.config?.private) route.onSend = [...toArray(route.onSend), keepPrivate];
      else if (!route.config?.public) route.onSend = [...toArray(route.onSend), keepPrivateWhenSignedIn];
    });
    // A GET or HEAD has no body to decompress: spare those routes compress's preParsing hook.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (route.decompress === undefined && methods.every((method) => method === 'GET' || method === 'HEAD')) {
        route.decompress = false;
      }
    });
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  },
  { name: 'security' },
);
