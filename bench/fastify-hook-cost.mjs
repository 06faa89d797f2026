// `node bench/fastify-hook-cost.mjs`: what timing a request costs in a bare Fastify app, by the hooks
// it takes (docs/performance.md, Metrics): none, an onResponse hook (Fastify then sets up 'finish' listeners on every
// response), or an onRequest hook noting the time and an onSend hook taking it (what src/server/plugins/metrics.ts
// does). Each variant is a server of its own, measured by autocannon in alternating rounds; the figure
// to compare is the server's CPU µs a request (from /proc), which other work on the machine hardly
// moves. A report, not a test.
//
// Environment: BENCH_ROUNDS (default 6), BENCH_CONNECTIONS (default 50).

import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { cpuMsOf, freePort } from './lib.mjs';

const VARIANTS = ['none', 'onResponse', 'onRequest+onSend'];

/** The server of one variant: a route answering a small JSON body. */
async function serve(variant, port) {
  const app = Fastify({ logger: false });
  let observed = 0;
  if (variant === 'onResponse') {
    app.addHook('onRoute', (route) => {
      route.onResponse = [
        (_request, reply, done) => {
          observed += reply.elapsedTime;
          done();
        },
      ];
    });
  }
  if (variant === 'onRequest+onSend') {
    app.decorateRequest('startedAt', 0);
    app.addHook('onRoute', (route) => {
      route.onRequest = [
        (request, _reply, done) => {
          request.startedAt = performance.now();
          done();
        },
      ];
      route.onSend = [
        (request, _reply, payload, done) => {
          observed += performance.now() - request.startedAt;
          done(null, payload);
        },
      ];
    });
  }
  const body = JSON.stringify({ courses: Array.from({ length: 20 }, (_, id) => ({ id, title: `Course ${id}` })) });
  app.get('/', (_request, reply) => reply.type('application/json').send(body));
  await app.listen({ port, host: '127.0.0.1' });
  process.send('ready');
  process.on('disconnect', () => process.exit(observed >= 0 ? 0 : 1));
}

async function measure() {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const servers = [];
  for (const variant of VARIANTS) {
    const port = await freePort();
    const child = fork(fileURLToPath(import.meta.url), ['serve', variant, String(port)]);
    await new Promise((resolve) => child.once('message', resolve));
    servers.push({ variant, child, url: `http://127.0.0.1:${port}/`, cpuMs: 0, requests: 0 });
  }
  try {
    for (const server of servers) await autocannon({ url: server.url, connections, duration: 2 });
    for (let round = 0; round < rounds; round++) {
      for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
        const before = cpuMsOf(server.child.pid);
        const result = await autocannon({ url: server.url, connections, duration: 2 });
        server.cpuMs += cpuMsOf(server.child.pid) - before;
        server.requests += result.requests.total;
      }
    }
    const base = (servers[0].cpuMs * 1000) / servers[0].requests;
    for (const server of servers) {
      const us = (server.cpuMs * 1000) / server.requests;
      console.log(
        `${server.variant.padEnd(17)} ${us.toFixed(1).padStart(6)} µs of server CPU a request (${(us - base).toFixed(1)} µs over none), ${server.requests} requests`,
      );
    }
  } finally {
    for (const server of servers) server.child.disconnect();
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3], Number(process.argv[4]));
else await measure();
