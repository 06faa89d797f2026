// Preloaded into the server by the benchmark (node --import): measures the event loop's delay.
// SIGUSR2 writes the delay seen since the previous SIGUSR2 to $BENCH_PROBE_FILE and starts over.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
process.on('SIGUSR2', () => {
  const file = process.env.BENCH_PROBE_FILE;
  if (file)
    writeFileSync(
      file,
      JSON.stringify({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) }),
    );
  histogram.reset();
});
