// One benchmark row: the app, then a bare node:http server answering the same status, body and
// headers (but the per-request ones), each warmed up, then measured with autocannon.
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort } from './lib.mjs';

const PER_REQUEST = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'content-length', 'transfer-encoding']);

function summary(result) {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export async function measureRow({ name, base, path, method = 'GET', headers = {}, sample, setupRequest, options }) {
  const response = await fetch(`${base}${path}`, { method, headers: { ...headers, ...sample, 'accept-encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  const sameHeaders = Object.fromEntries([...response.headers].filter(([header]) => !PER_REQUEST.has(header)));
  const request = { method, path, headers, ...(setupRequest ? { setupRequest } : {}) };

  if (!setupRequest) await autocannon({ url: base, connections: 10, amount: 2000, requests: [request] });
  const app = await autocannon({ url: base, ...options, requests: [request] });

  const port = await freePort();
  const bare = fork(new URL('./bare-server.mjs', import.meta.url), [String(port)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  bare.send({ body: body.toString('base64'), headers: sameHeaders, status: response.status });
  await new Promise((resolve) => bare.once('message', resolve));
  const bareUrl = `http://127.0.0.1:${port}`;
  const bareRequest = { method, path, headers };
  await autocannon({ url: bareUrl, connections: 10, amount: 2000, requests: [bareRequest] });
  const bareResult = await autocannon({ url: bareUrl, ...options, requests: [bareRequest] });
  bare.kill();

  const appSummary = summary(app);
  const bareSummary = summary(bareResult);
  return { name, app: appSummary, bare: bareSummary, ratio: (appSummary.rps / bareSummary.rps) * 100, status: response.status };
}
