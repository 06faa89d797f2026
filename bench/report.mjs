// Prints one engine's table and which of the issues' acceptance bars it meets.
import os from 'node:os';

const pad = (value, width) => String(value).padStart(width);
const ms = (value) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/**
 * The issues' bars, each row's own (`row.bars`: minimum ratio to bare, maximum p99, maximum
 * event-loop p99 during the row), grouped by issue: [issue, label, passes, what fails].
 */
export function acceptanceBars({ rows }) {
  const checks = [];
  for (const row of rows) {
    const { bars } = row;
    if (!bars) continue;
    if (bars.ratio !== undefined) {
      checks.push([bars.issue, `${row.name} >= ${bars.ratio} % of bare`, row.ratio >= bars.ratio, `${row.ratio.toFixed(1)} %`]);
    }
    if (bars.p99 !== undefined) {
      // The bare server's p99 in the same run shows how much of the figure is the machine's.
      checks.push([
        bars.issue,
        `${row.name} p99 <= ${bars.p99} ms`,
        row.app.p99 <= bars.p99,
        `${row.app.p99} ms; the bare server's ${row.bare.p99} ms`,
      ]);
    }
    if (bars.eventLoop !== undefined) {
      const measured = row.eventLoop?.p99;
      checks.push([
        bars.issue,
        `event-loop delay p99 <= ${bars.eventLoop} ms during ${row.name}`,
        measured !== undefined && measured <= bars.eventLoop,
        measured === undefined ? 'not measured' : `${measured} ms`,
      ]);
    }
  }
  const failing = rows.filter((row) => row.app.errors > 0);
  checks.push([
    'every row',
    'zero errors',
    failing.length === 0,
    failing.map((row) => `${row.name}: ${row.app.errors}`).join(', '),
  ]);
  return checks;
}

export function printEngine({
  name,
  rows,
  backgroundEdits,
  creatorEditsPerS,
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
    `${'request'.padEnd(34)} ${pad('req/s', 7)} ${pad('p50', 6)} ${pad('p99', 6)} ${pad('worst', 6)} ${pad('errors', 6)} |` +
      ` ${pad('bare req/s', 10)} ${pad('p99', 6)} ${pad('worst', 6)} | ${pad('ratio', 7)} | ${pad('cpu/req', 7)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(34)} ${pad(row.app.rps, 7)} ${pad(ms(row.app.p50), 6)} ${pad(ms(row.app.p99), 6)} ${pad(ms(row.app.worstRoundP99), 6)} ${pad(row.app.errors, 6)} |` +
        ` ${pad(row.bare.rps, 10)} ${pad(ms(row.bare.p99), 6)} ${pad(ms(row.bare.worstRoundP99), 6)} | ${pad(row.ratio.toFixed(1), 5)} %` +
        ` | ${row.app.cpuMsPerRequest === undefined ? pad('', 7) : pad(row.app.cpuMsPerRequest.toFixed(3), 7)}`,
    );
  }
  console.log(
    '(latencies in ms: p50 of the median round, p99 of every measured request, worst = the p99 of the worst round;' +
      " errors = connection errors and timeouts + non-2xx answers; cpu/req = the server process's CPU ms per request, all threads)",
  );
  if (backgroundEdits) {
    console.log(
      `during the catalogue, course and My Courses rows a creator edited a slide ${creatorEditsPerS} times a second (${backgroundEdits.sent} edits,` +
        ` ${backgroundEdits.failed} failed), each reloading that course's outline and updating its date in the cached catalogue`,
    );
  }
  for (const row of rows.filter((candidate) => candidate.bars?.eventLoop !== undefined)) {
    const loop = row.eventLoop;
    console.log(
      loop
        ? `server event-loop delay during ${row.name}: p50 ${loop.p50} ms, p99 ${loop.p99} ms, max ${loop.max} ms` +
            ' (10 ms sampling interval included: idle reads ~10 ms)'
        : `server event-loop delay during ${row.name}: not measured (the probe wrote nothing)`,
    );
  }
  console.log(`server RSS after the run: ${memory.rssMb} MB (peak ${memory.peakMb} MB)`);
  console.log('acceptance:');
  for (const [issue, label, ok, measured] of acceptanceBars({ rows })) {
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${issue}: ${label}${ok ? '' : ` (${measured})`}`);
  }
}
