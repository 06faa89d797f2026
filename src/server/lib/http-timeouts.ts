/**
 * How long the Node server waits on a client. A body sent one byte every 20 seconds (slowloris)
 * holds a socket and a parser for as long as the server lets it; these bounds cut it off within
 * `requestTimeoutMs` plus one check interval.
 */
export type HttpTimeouts = {
  /** Until the request line and headers are in. */
  headersTimeoutMs: number;
  /** Until the whole request, body included, is in (a streamed upload has the rule below instead). */
  requestTimeoutMs: number;
  /** A streamed upload must bring at least `uploadMinBytesPerWindow` bytes every window. */
  uploadWindowMs: number;
  uploadMinBytesPerWindow: number;
  /** A socket with no traffic either way (a stalled reader or writer) is closed after this. */
  connectionTimeoutMs: number;
  /** An idle keep-alive socket is closed after this. */
  keepAliveTimeoutMs: number;
};

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 25_000,
  // 64 KiB in 10 s (6.5 KB/s): any real connection beats it, a trickle does not.
  uploadWindowMs: 10_000,
  uploadMinBytesPerWindow: 65_536,
  connectionTimeoutMs: 60_000,
  // Longer than the 60 s idle timeout of common load balancers, so the balancer never reuses a
  // socket the server is closing.
  keepAliveTimeoutMs: 72_000,
};

/**
 * The Fastify options that apply them to the Node server. Node's `requestTimeout` is server-wide,
 * so it is off, and plugins/body-deadline.ts bounds bodies per route instead.
 */
export function httpTimeoutOptions(overrides: Partial<HttpTimeouts> | undefined) {
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...overrides };
  // Node checks expired headers on an interval (30 s by default), which would double the bound.
  const checkEveryMs = Math.max(25, Math.min(1_000, Math.floor(timeouts.headersTimeoutMs / 4)));
  return {
    connectionTimeout: timeouts.connectionTimeoutMs,
    requestTimeout: 0,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    http: { headersTimeout: timeouts.headersTimeoutMs, connectionsCheckingInterval: checkEveryMs },
  };
}
