// One benchmark row: the app, then a bare node:http server answering the same status, body and
// headers (but the per-request ones), each warmed up, then measured with autocannon.
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort } from './lib.mjs';

const PER_REQUEST = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'content-length', 'transfer-encoding']);
export const WARMUP = { connections: 10, amount: 2000 };

function summary(result) {
  return {
    rps: Math.round(result.requests.average),
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon's `errors` already counts its timeouts; non-2xx answers are errors here too.
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
  };
}

/**
 * `headersFor(i)` gives per-request headers (i = 0 for the sample, then 1, 2, …): a write row sends
 * a different live token each time. `onMeasure` brackets the app's measured run (not its warm-up or
 * the bare server's runs).
 */
export async function measureRow({ name, base, path, method = 'GET', headers = {}, headersFor, options, onMeasure = {} }) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...headersFor?.(0), 'accept-encoding': 'identity' },
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${name}: the app answered ${response.status}: ${body.toString().slice(0, 300)}`);
  const sameHeaders = Object.fromEntries([...response.headers].filter(([header]) => !PER_REQUEST.has(header)));

  const requestsFor = () => {
    let next = 0;
    const request = { method, path, headers };
    if (headersFor) {
      request.setupRequest = (req) => {
        next += 1;
        return { ...req, headers: { ...req.headers, ...headersFor(next) } };
      };
    }
    return { requests: [request], used: () => next };
  };

  // The same request stream (and its per-request setup) warms up and measures the app.
  const appRequests = requestsFor();
  await autocannon({ url: base, ...WARMUP, requests: appRequests.requests });
  await onMeasure.start?.();
  const app = await autocannon({ url: base, ...options, requests: appRequests.requests });
  await onMeasure.end?.();

  const port = await freePort();
  const bare = fork(new URL('./bare-server.mjs', import.meta.url), [String(port)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const bareExited = new Promise((resolve) => bare.once('exit', resolve));
  try {
    bare.send({ body: body.toString('base64'), headers: sameHeaders, status: response.status });
    await new Promise((resolve, reject) => {
      bare.once('message', resolve);
      bare.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    });
    const bareUrl = `http://127.0.0.1:${port}`;
    const bareRequests = requestsFor();
    await autocannon({ url: bareUrl, ...WARMUP, requests: bareRequests.requests });
    const bareResult = await autocannon({ url: bareUrl, ...options, requests: bareRequests.requests });
    const appSummary = summary(app);
    const bareSummary = summary(bareResult);
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
