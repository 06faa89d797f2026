import pg from 'pg';

/** Channel of the triggers in migration 0001: payloads '<kind>:<id>' for every change of cached data. */
export const CHANGES_CHANNEL = 'ga_cache';

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
export function createChangeFeed(connection: pg.ClientConfig) {
  const listeners = new Set<ChangeListener>();
  /** Backend process ids of this process's pooled connections. */
  const poolBackends = new Set<number>();
  let listener: pg.Client | undefined;
  let reliable = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryDelayMs = 250;

  const emit = (payload: string) => {
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
      if (message.payload && !poolBackends.has(message.processId)) emit(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      retryDelayMs = 250;
      if (listener === client) setReliable(true);
    } catch {
      lost();
    }
  }

  /** node-postgres client class for the pool: LISTENs before its first query. */
  class ListeningClient extends pg.Client {
    #backend: number | undefined;

    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('notification', (message) => {
        if (message.payload && message.processId === this.#backend) emit(message.payload);
      });
      this.on('end', () => {
        if (this.#backend !== undefined) poolBackends.delete(this.#backend);
      });
      const connectOnly = pg.Client.prototype.connect.bind(this) as unknown as () => Promise<void>;
      const connected = () =>
        connectOnly().then(() => {
          this.#backend = (this as unknown as { processID: number }).processID;
          poolBackends.add(this.#backend);
          return this.query(`LISTEN ${CHANGES_CHANNEL}`);
        });
      // pg.Pool connects with a callback; everyone else awaits the promise.
      const connect = (callback?: (error: Error | null, client?: pg.Client) => void) => {
        if (!callback) return connected().then(() => this);
        connected().then(
          () => callback(null, this),
          (error: Error) => callback(error),
        );
      };
      this.connect = connect as unknown as pg.Client['connect'];
    }
  }

  return {
    ListeningClient,
    /** Whether the dedicated listener is connected and listening: until then, changes made elsewhere may be missed. */
    get isReliable() {
      return reliable;
    },
    /** The database backend of the dedicated listener, while it is connected (what an operator would terminate). */
    get listenerProcessId(): number | undefined {
      return reliable ? (listener as unknown as { processID?: number } | undefined)?.processID : undefined;
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
