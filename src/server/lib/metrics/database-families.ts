import { Counter, Gauge, type Registry } from 'prom-client';
import type { DbHandle } from '#db/client';

/** How long a scrape waits for its own change-feed probe to come back. */
const LAG_PROBE_TIMEOUT_MS = 1000;

/**
 * The change feed (src/db/changes.ts) and the pool of the one driver, both engines: read when scraped.
 * `probeLag` times a notification through the database to the feed's listener, at each scrape.
 */
export function registerDatabaseFamilies(registry: Registry, handle: Pick<DbHandle, 'kind' | 'pool' | 'changes'>) {
  const registers = [registry];
  const { changes, pool, kind: engine } = handle;
  let lagSeconds = Number.NaN;
  new Gauge({
    name: 'ga_change_feed_connected',
    help: '1 while the change feed listens (caches keep values), 0 while it is down (every read loads)',
    registers,
    collect() {
      this.set(changes.isReliable ? 1 : 0);
    },
  });
  new Gauge({
    name: 'ga_change_feed_lag_seconds',
    help: 'Time for a notification sent at this scrape to reach the change-feed listener through the database (1, the timeout, when it did not arrive in time; NaN while disconnected)',
    registers,
    collect() {
      this.set(lagSeconds);
    },
  });
  const feedCounter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  feedCounter(
    'ga_change_feed_notifications_total',
    'Change notifications passed on to the caches',
    () => changes.stats.notifications,
  );
  feedCounter(
    'ga_change_feed_disconnects_total',
    'Times the change-feed listener lost its connection',
    () => changes.stats.disconnects,
  );
  feedCounter(
    'ga_change_feed_reconnects_total',
    'Times the change-feed listener listened again after losing its connection',
    () => changes.stats.reconnects,
  );

  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['engine'],
      registers,
      collect() {
        this.set({ engine }, read());
      },
    });
  poolGauge('ga_db_pool_connections', 'Open connections of the database pool', () => pool.totalCount);
  poolGauge('ga_db_pool_idle_connections', 'Open connections of the pool not running a query', () => pool.idleCount);
  poolGauge('ga_db_pool_waiting_requests', 'Queries waiting for a connection of the pool', () => pool.waitingCount);
  poolGauge('ga_db_pool_max_connections', 'The most connections the pool opens', () => pool.options.max ?? 10);

  return {
    async probeLag() {
      const lagMs = await changes
        .measureLag((channel, payload) => pool.query('select pg_notify($1, $2)', [channel, payload]), LAG_PROBE_TIMEOUT_MS)
        .catch(() => undefined);
      lagSeconds = lagMs === undefined ? Number.NaN : lagMs / 1000;
    },
  };
}
