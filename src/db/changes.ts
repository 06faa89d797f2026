import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Channel of the announcing triggers (src/db/cache-feeds.ts): payloads '<table>:<key>,…' for every change of cached data. */
export const CHANGES_CHANNEL = 'ga_cache';

/**
 * Payloads a feed sends itself to time the way through the database (measureLag), never passed on:
 * no cache knows the kind, and every process's feed drops them.
 */
const PROBE_PREFIX = 'feed-probe:';

export type ChangeListener = {
  onChange: (payload: string) => void;
  /**
   * false while the dedicated listening connection is down (changes made elsewhere may be missed),
   * true again once it listens; a cache drops everything then, since it cannot know what it missed.
   */
  onReliableChange: (reliable: boolean) => void;
};

/**
 * Every pooled connection LISTENs, so a change made through this process comes back on the very
 * connection that committed it, before the query resolves: the writer's own caches drop it at once.
 * One dedicated connection LISTENs as well, so changes made by other processes arrive even when the
 * pool is idle; it reconnects on loss.
 *
 * PostgreSQL sends each notification to every listening connection, so each is passed on once: by
 * the pooled connection whose own backend sent it, or by the dedicated one when no pooled connection
 * of this process did. (Passed on by all of them, one edit dropped the same cached documents up to
 * eleven times, and readers kept waiting for rebuilds that the next copy threw away.)
 */
export function createChangeFeed(
  connection: pg.ClientConfig,
  {
    isOneSession = false,
  }: {
    /**
     * The embedded engine: one database session behind every connection, which hands a notification
     * only to the connection whose statement raised it. Its pooled connections hear every change
     * (nothing else writes), and a probe is timed on the connection that sent it.
     */
    isOneSession?: boolean;
  } = {},
) {
  const listeners = new Set<ChangeListener>();
  /** Backend process ids of this process's pooled connections. */
  const poolBackends = new Set<number>();
  let listener: pg.Client | undefined;
  let reliable = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryDelayMs = 250;
  /** Counted for the metrics (docs/performance.md, Metrics): announcements passed on, connections lost, and listened again. */
  const stats = { notifications: 0, disconnects: 0, reconnects: 0 };
  let hasListened = false;
  /** This feed's probes in flight, by payload: what to call when one comes back. */
  const probes = new Map<string, () => void>();
  const probeId = randomBytes(6).toString('hex');
  let probeCount = 0;

  const emit = (payload: string) => {
    stats.notifications += 1;
    for (const l of listeners) l.onChange(payload);
  };
  const setReliable = (value: boolean) => {
    if (reliable === value) return;
    reliable = value;
    for (const l of listeners) l.onReliableChange(value);
  };

  async function listen() {
    if (closed || listener) return;
    const client = new pg.Client(connection);
    listener = client;
    const lost = () => {
      if (listener !== client) return;
      listener = undefined;
      if (reliable) stats.disconnects += 1;
      setReliable(false);
      void client.end().catch(() => {});
      if (!closed) {
        retryTimer = setTimeout(() => void listen(), retryDelayMs);
        retryTimer.unref();
        retryDelayMs = Math.min(retryDelayMs * 2, 5_000);
      }
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      const payload = message.payload;
      if (!payload) return;
      if (payload.startsWith(PROBE_PREFIX)) probes.get(payload)?.();
      else if (!poolBackends.has(message.processId)) emit(payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      retryDelayMs = 250;
      if (listener === client) {
        if (hasListened) stats.reconnects += 1;
        hasListened = true;
        setReliable(true);
      }
    } catch {
      lost();
    }
  }

  return {
    /**
     * The pool's `onConnect`: a new connection LISTENs before its first query, and passes on what
     * its own backend announced.
     */
    async listenOnConnect(client: pg.ClientBase) {
      const backend = (client as unknown as { processID: number }).processID;
      poolBackends.add(backend);
      client.on('end', () => poolBackends.delete(backend));
      client.on('notification', ({ payload, processId }) => {
        if (!payload || processId !== backend) return;
        if (!payload.startsWith(PROBE_PREFIX)) emit(payload);
        else if (isOneSession) probes.get(payload)?.();
      });
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    },
    /** Whether the dedicated listener is connected and listening: until then, changes made elsewhere may be missed. */
    get isReliable() {
      return reliable;
    },
    /** The database backend of the dedicated listener, while it is connected (what an operator would terminate). */
    get listenerProcessId(): number | undefined {
      return reliable ? (listener as unknown as { processID?: number } | undefined)?.processID : undefined;
    },
    /** Counts since the feed was made (docs/performance.md, Metrics). */
    get stats(): Readonly<typeof stats> {
      return stats;
    },
    /**
     * How long a notification takes from the database to this feed's listener, in milliseconds: a
     * probe is sent with `notify` (through the pool, as a write's announcement is) and timed until the
     * listener hears it, the way changes made by other processes arrive (on the embedded engine, until
     * the sending connection hears it: see isOneSession). `timeoutMs` when it does not arrive in time;
     * undefined while not listening.
     */
    async measureLag(
      notify: (channel: string, payload: string) => Promise<unknown>,
      timeoutMs: number,
    ): Promise<number | undefined> {
      if (!reliable) return undefined;
      probeCount += 1;
      const payload = `${PROBE_PREFIX}${probeId}:${probeCount}`;
      let timer: NodeJS.Timeout | undefined;
      const startedAt = performance.now();
      const heard = new Promise<number>((resolve) => {
        probes.set(payload, () => resolve(performance.now() - startedAt));
        timer = setTimeout(() => resolve(timeoutMs), timeoutMs);
        timer.unref();
      });
      try {
        await notify(CHANGES_CHANNEL, payload);
        return await heard;
      } finally {
        clearTimeout(timer);
        probes.delete(payload);
      }
    },
    subscribe(l: ChangeListener): () => void {
      listeners.add(l);
      void listen();
      return () => listeners.delete(l);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
