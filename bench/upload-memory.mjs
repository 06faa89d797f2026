// Server memory while a creator uploads a 100 MB video: the PUT streams to the store, so the
// resident set should stay flat. Prints the RSS before, the peak during, and the upload's rate.
// Run after `npm run build`: node bench/upload-memory.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { freePort, memoryOf, startServer, stop } from './lib.mjs';

const SIZE = 104_857_600;
const INVITE = 'bench-upload-invite';

buildIfNeeded();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-upload-'));
const server = await startServer({
  dataDir,
  port: await freePort(),
  env: { NODE_ENV: 'development', SEED_DEMO: 'false', CREATOR_INVITE_CODE: INVITE },
});
try {
  const json = async (method, url, token, body) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const { token } = await json('POST', '/api/auth/signup', undefined, {
    email: `upload-${Date.now()}@bench.test`,
    password: 'bench-upload-1',
    name: 'Bench Uploader',
    role: 'creator',
    inviteCode: INVITE,
  });
  const { uploadURL } = await json('POST', '/api/objects/upload', token, { kind: 'video' });

  const before = memoryOf(server.child.pid);
  let peak = before.rssMb;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(server.child.pid).rssMb);
  }, 50);
  const started = performance.now();
  const status = await new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${uploadURL}`, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4', 'content-length': SIZE },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    request.on('error', reject);
    const head = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2'),
    ]);
    const chunk = Buffer.alloc(1 << 20);
    let sent = 0;
    const write = () => {
      while (sent < SIZE) {
        const piece =
          sent === 0
            ? Buffer.concat([head, chunk.subarray(head.length)])
            : chunk.subarray(0, Math.min(chunk.length, SIZE - sent));
        sent += piece.length;
        if (!request.write(piece)) return request.once('drain', write);
      }
      request.end();
    };
    write();
  });
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  console.log(`100 MB video upload: HTTP ${status} in ${seconds.toFixed(1)} s (${(SIZE / 1_048_576 / seconds).toFixed(0)} MB/s)`);
  console.log(
    `server RSS before ${before.rssMb.toFixed(0)} MB, peak during ${peak.toFixed(0)} MB, growth ${(peak - before.rssMb).toFixed(0)} MB`,
  );
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
