import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, type Registry } from 'prom-client';

/**
 * The event loop's delay under prom-client's default names, and the process's memory and CPU. The
 * delay comes from a monitor of this app's own, reset at each scrape and disabled by `close`:
 * prom-client's default collectors start one per registry that nothing can stop.
 */
export function registerRuntimeFamilies(registry: Registry) {
  const registers = [registry];
  const eventLoop = monitorEventLoopDelay({ resolution: 10 });
  eventLoop.enable();
  /** The delays since the last scrape, in seconds, taken as a scrape starts. */
  let loop = { min: 0, max: 0, mean: 0, p50: 0, p90: 0, p99: 0 };
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  // As prom-client's and bench/event-loop-probe.mjs's: each includes the 10 ms sampling interval (idle reads about 0.01).
  gauge(
    'nodejs_eventloop_lag_min_seconds',
    'Smallest event-loop delay since the last scrape (with the 10 ms sampling interval)',
    () => loop.min,
  );
  gauge('nodejs_eventloop_lag_max_seconds', 'Largest event-loop delay since the last scrape', () => loop.max);
  gauge('nodejs_eventloop_lag_mean_seconds', 'Mean event-loop delay since the last scrape', () => loop.mean);
  gauge('nodejs_eventloop_lag_p50_seconds', 'Median event-loop delay since the last scrape', () => loop.p50);
  gauge('nodejs_eventloop_lag_p90_seconds', '90th percentile of the event-loop delay since the last scrape', () => loop.p90);
  gauge('nodejs_eventloop_lag_p99_seconds', '99th percentile of the event-loop delay since the last scrape', () => loop.p99);
  gauge('process_resident_memory_bytes', 'Resident memory of the process', () => process.memoryUsage.rss());
  gauge('nodejs_heap_size_used_bytes', 'V8 heap in use', () => process.memoryUsage().heapUsed);
  gauge('process_start_time_seconds', 'When the process started, in seconds since the epoch', () =>
    Math.round(Date.now() / 1000 - process.uptime()),
  );
  new Counter({
    name: 'process_cpu_seconds_total',
    help: 'CPU time of the process, user and system',
    registers,
    collect() {
      const { user, system } = process.cpuUsage();
      this.reset();
      this.inc((user + system) / 1e6);
    },
  });

  return {
    /** Takes the delays since the last scrape; scrapes closer together than the monitor's 10 ms keep the last figures. */
    snapshot() {
      if (eventLoop.count === 0) return;
      const seconds = (nanoseconds: number) => nanoseconds / 1e9;
      loop = {
        min: seconds(eventLoop.min),
        max: seconds(eventLoop.max),
        mean: seconds(eventLoop.mean),
        p50: seconds(eventLoop.percentile(50)),
        p90: seconds(eventLoop.percentile(90)),
        p99: seconds(eventLoop.percentile(99)),
      };
      eventLoop.reset();
    },
    close() {
      eventLoop.disable();
    },
  };
}
