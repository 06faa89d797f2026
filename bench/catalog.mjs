// `npm run bench`: GET /api/courses on the demo data against a bare node:http server sending the same
// bytes, one after the other in one run, with autocannon. Prints req/s, p99 latency, the ratio and RSS.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { freePort, memoryOf, startServer, stop } from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function load(url) {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1 });
}

buildIfNeeded();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-bench-'));
const app = await startServer({ dataDir, port: await freePort() });
const catalogUrl = `${app.url}/api/courses`;
const response = await fetch(catalogUrl, { headers: { 'accept-encoding': 'identity' } });
const body = Buffer.from(await response.arrayBuffer());
// The bare server answers the same bytes: the same body and the same headers (but per-request ones).
const perRequest = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'content-length', 'transfer-encoding']);
const headers = Object.fromEntries([...response.headers].filter(([name]) => !perRequest.has(name)));
console.log(
  `GET /api/courses: ${JSON.parse(body.toString()).length} courses, ${body.length} bytes, ${Object.keys(headers).length} headers`,
);

// Warm-up, so neither side is measured with a cold JIT.
await autocannon({ url: catalogUrl, connections: 10, amount: 2000 });
const appResult = await load(catalogUrl);
const appMemory = memoryOf(app.child.pid);

const barePort = await freePort();
const bare = fork(new URL('./bare-server.mjs', import.meta.url), [String(barePort)], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
bare.send({ body: body.toString('base64'), headers });
await new Promise((resolve) => bare.once('message', resolve));
const bareUrl = `http://127.0.0.1:${barePort}/api/courses`;
await autocannon({ url: bareUrl, connections: 10, amount: 2000 });
const bareResult = await load(bareUrl);
bare.kill();
await stop(app);
rmSync(dataDir, { recursive: true, force: true });

const row = (name, r) =>
  `${name.padEnd(22)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each, ${os.cpus().length} cores, Node ${process.version}`);
console.log(row('Gradient Academy', appResult));
console.log(row('bare node:http', bareResult));
console.log(`ratio (app / bare):    ${((appResult.requests.average / bareResult.requests.average) * 100).toFixed(1)} %`);
console.log(`server RSS after run:  ${appMemory.rssMb} MB (peak ${appMemory.peakMb} MB)`);
