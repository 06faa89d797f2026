// Prints one engine's table and which of issue 5's acceptance bars it meets.
import os from 'node:os';

const pad = (value, width) => String(value).padStart(width);
const ms = (value) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** Issue 5's bars, in its order: [label, passes, what fails]. */
export function acceptanceBars({ rows, eventLoop }) {
  const ratio = (index) => rows[index]?.ratio ?? 0;
  // Issue 5's bars cover its five rows; later rows (the creator's edits) are reported beside them.
  const slow = rows.slice(0, 5).filter((row) => row.app.p99 > 25);
  const failing = rows.filter((row) => row.app.errors > 0);
  return [
    ['catalogue >= 85 % of bare', ratio(0) >= 85],
    ['course as guest >= 70 % of bare', ratio(1) >= 70],
    ['course as signed-in student >= 50 % of bare', ratio(2) >= 50],
    ['My Courses >= 35 % of bare', ratio(3) >= 35],
    ['every p99 <= 25 ms', slow.length === 0, slow.map((row) => `${row.name}: ${row.app.p99} ms`).join(', ')],
    ['zero errors', failing.length === 0, failing.map((row) => `${row.name}: ${row.app.errors}`).join(', ')],
    ['event-loop delay p99 <= 20 ms during the write row', eventLoop !== undefined && eventLoop.p99 <= 20],
  ];
}

export function printEngine({
  name,
  rows,
  backgroundEdits,
  creatorEditsPerS,
  eventLoop,
  memory,
  startupMs,
  connections,
  durationS,
  rounds,
}) {
  console.log(
    `\n${name}: ${connections} connections, ${durationS} s a row per server in ${rounds} alternating rounds, ${os.cpus().length} cores, Node ${process.version}` +
      ` (server start-up ${Math.round(startupMs)} ms)`,
  );
  console.log(
    `${'request'.padEnd(34)} ${pad('req/s', 7)} ${pad('p50', 6)} ${pad('p99', 6)} ${pad('errors', 6)} |` +
      ` ${pad('bare req/s', 10)} ${pad('p99', 6)} | ${pad('ratio', 7)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(34)} ${pad(row.app.rps, 7)} ${pad(ms(row.app.p50), 6)} ${pad(ms(row.app.p99), 6)} ${pad(row.app.errors, 6)} |` +
        ` ${pad(row.bare.rps, 10)} ${pad(ms(row.bare.p99), 6)} | ${pad(row.ratio.toFixed(1), 5)} %`,
    );
  }
  console.log(
    '(latencies in ms: p50 of the median round, p99 of the worst; errors = connection errors and timeouts + non-2xx answers)',
  );
  if (backgroundEdits) {
    console.log(
      `during the four read rows a creator edited a slide ${creatorEditsPerS} times a second (${backgroundEdits.sent} edits,` +
        ` ${backgroundEdits.failed} failed), each dropping the cached catalogue and its course`,
    );
  }
  if (eventLoop) {
    console.log(
      `server event-loop delay during the write row: p50 ${eventLoop.p50} ms, p99 ${eventLoop.p99} ms, max ${eventLoop.max} ms` +
        ' (10 ms sampling interval included: idle reads ~10 ms)',
    );
  } else {
    console.log('server event-loop delay during the write row: not measured (the probe wrote nothing)');
  }
  console.log(`server RSS after the run: ${memory.rssMb} MB (peak ${memory.peakMb} MB)`);
  console.log('acceptance (issue 5):');
  for (const [label, ok, detail] of acceptanceBars({ rows, eventLoop })) {
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label}${!ok && detail ? ` (${detail})` : ''}`);
  }
}
