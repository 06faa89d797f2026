// One benchmark row: the app and a bare node:http server answering the same status, body and headers
// (but the per-request ones), each warmed up, then measured with autocannon in alternating rounds.
import { fork } from 'node:child_process';
import { createHistogram } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { freePort } from './lib.mjs';

const PER_REQUEST = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'content-length', 'transfer-encoding']);
/** Long enough for V8 to optimize the hot path: a shorter warm-up measured the JIT, not the server. */
export const WARMUP = { connections: 50, duration: 3 };

export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));

/**
 * The rounds of one server summed: req/s over their whole time, p50 the median round's, p99 over
 * every measured request of all rounds (`latencies`, as a p99 of one long run would be), and beside
 * it the worst round's p99, which shows whether one stretch of the run was much worse than the rest.
 */
function summary(results, latencies) {
  const total = results.reduce((sum, result) => sum + result.requests.total, 0);
  const seconds = results.reduce((sum, result) => sum + result.duration, 0);
  const p50s = results.map((result) => result.latency.p50).sort((a, b) => a - b);
  return {
    rps: Math.round(total / seconds),
    total,
    p50: p50s[Math.floor(p50s.length / 2)],
    p99: Math.round(latencies.percentile(99) / 100) / 10,
    worstRoundP99: Math.max(...results.map((result) => result.latency.p99)),
    // autocannon's `errors` already counts its timeouts; non-2xx answers are errors here too.
    errors: results.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
    timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
  };
}

/**
 * `headersFor(i)` gives per-request headers (i = 0 for the sample, then 1, 2, …): a write row sends
 * a different live token each time; `bodyFor(i)` likewise a body, and `pathFor(i)` an address (a
 * read that must miss the server's cache each time). `onMeasure` brackets each of the app's measured rounds (not its
 * warm-up or the bare server's rounds). `cpuOf()` (the server's CPU ms so far) gives the app's CPU time per request
 * over its measured rounds: unlike req/s, it hardly moves when other work shares the machine.
 */
export async function measureRow({
  name,
  base,
  path,
  method = 'GET',
  headers = {},
  headersFor,
  bodyFor,
  pathFor,
  body: requestBody = bodyFor?.(0),
  options,
  onMeasure = {},
  cpuOf,
}) {
  if (requestBody !== undefined) headers = { ...headers, 'content-type': 'application/json' };
  const response = await fetch(`${base}${pathFor?.(0) ?? path}`, {
    method,
    headers: { ...headers, ...headersFor?.(0), 'accept-encoding': 'identity' },
    body: requestBody,
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${name}: the app answered ${response.status}: ${body.toString().slice(0, 300)}`);
  const sameHeaders = Object.fromEntries([...response.headers].filter(([header]) => !PER_REQUEST.has(header)));

  const requestsFor = () => {
    let next = 0;
    const request = { method, path, headers, ...(requestBody === undefined ? {} : { body: requestBody }) };
    if (headersFor || bodyFor || pathFor) {
      request.setupRequest = (req) => {
        next += 1;
        return {
          ...req,
          ...(pathFor ? { path: pathFor(next) } : {}),
          ...(headersFor ? { headers: { ...req.headers, ...headersFor(next) } } : {}),
          ...(bodyFor ? { body: bodyFor(next) } : {}),
        };
      };
    }
    return { requests: [request], used: () => next };
  };

  const port = await freePort();
  const bare = fork(new URL('./bare-server.mjs', import.meta.url), [String(port)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const bareExited = new Promise((resolve) => bare.once('exit', resolve));
  try {
    bare.send({
      body: body.toString('base64'),
      headers: sameHeaders,
      status: response.status,
      requestId: response.headers.has('x-request-id'),
    });
    await new Promise((resolve, reject) => {
      bare.once('message', resolve);
      bare.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    });
    const bareUrl = `http://127.0.0.1:${port}`;
    // Each server keeps one request stream (and its per-request setup) from warm-up to the last round.
    const appRequests = requestsFor();
    const bareRequests = requestsFor();
    await autocannon({ url: base, ...WARMUP, requests: appRequests.requests });
    await autocannon({ url: bareUrl, ...WARMUP, requests: bareRequests.requests });

    // The machine's speed drifts over seconds (other tenants, CPU boost), so the two servers take
    // turns in short rounds, alternating who goes first, and neither gets the luckier stretch.
    const roundOptions = { ...options, duration: Math.max(1, options.duration / ROUNDS) };
    const appLatencies = createHistogram();
    const bareLatencies = createHistogram();
    let appCpuMs = 0;
    const runApp = async () => {
      await onMeasure.start?.();
      const cpuBefore = cpuOf?.();
      const result = await measured(autocannon({ url: base, ...roundOptions, requests: appRequests.requests }), appLatencies);
      if (cpuOf) appCpuMs += cpuOf() - cpuBefore;
      await onMeasure.end?.();
      return result;
    };
    const runBare = () => measured(autocannon({ url: bareUrl, ...roundOptions, requests: bareRequests.requests }), bareLatencies);
    const app = [];
    const bareResults = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        app.push(await runApp());
        bareResults.push(await runBare());
      } else {
        bareResults.push(await runBare());
        app.push(await runApp());
      }
    }
    const appSummary = {
      ...summary(app, appLatencies),
      ...(cpuOf
        ? {
            cpuMsPerRequest:
              appCpuMs /
              Math.max(
                1,
                app.reduce((sum, result) => sum + result.requests.total, 0),
              ),
          }
        : {}),
    };
    const bareSummary = summary(bareResults, bareLatencies);
    return {
      name,
      app: appSummary,
      bare: bareSummary,
      ratio: (appSummary.rps / bareSummary.rps) * 100,
      status: response.status,
      used: appRequests.used(),
    };
  } finally {
    bare.kill();
    await bareExited;
  }
}

/** Records the response time of every request of an autocannon run into `latencies` (in µs). */
function measured(run, latencies) {
  run.on('response', (_client, _status, _bytes, responseTimeMs) => {
    latencies.record(Math.max(1, Math.round(responseTimeMs * 1000)));
  });
  return run;
}
