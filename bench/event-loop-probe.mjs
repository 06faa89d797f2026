// Preloaded into the server by the benchmark (node --import): measures the main thread's event-loop
// delay without touching product code. SIGUSR1 starts a new measurement; SIGUSR2 writes what was seen
// since then as { p50, p99, max } in ms to $BENCH_PROBE_FILE (a row measured in rounds reads each of
// its rounds, and the worst counts). The values include the 10 ms sampling interval (an idle loop
// reads about 10 ms). Nothing here keeps the process alive: the histogram's timer and signal handles
// are unref'd, and the server's own SIGTERM/SIGINT handlers stay untouched.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

// Workers inherit --import; only the main thread serves requests and receives signals.
if (isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
  // A listener on SIGUSR1 also stops it from opening the inspector, its default in Node.
  process.on('SIGUSR1', () => histogram.reset());
  process.on('SIGUSR2', () => {
    const file = process.env.BENCH_PROBE_FILE;
    if (!file) return;
    const result = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      samples: histogram.count,
    };
    writeFileSync(file, JSON.stringify(result));
  });
}
