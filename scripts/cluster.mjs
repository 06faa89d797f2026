// `npm run cluster`: CLUSTER_INSTANCES (default 3) instances of the built server on PostgreSQL
// (DATABASE_URL), s3rver for uploads (unless S3_BUCKET and the other S3_* name a store) and nginx with
// deploy/nginx.conf on CLUSTER_PORT (default 8080), until Ctrl-C. Every other variable goes to the
// instances as it would to `npm start`.
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';
import { startCluster } from './start-cluster.mjs';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

function fail(message) {
  console.error(message);
  process.exit(1);
}

function wholeNumber(name, fallback, min, max) {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max)
    fail(`${name} must be a whole number from ${min} to ${max}, not "${text}"`);
  return value;
}

const instances = wholeNumber('CLUSTER_INSTANCES', 3, 1, 32);
const port = wholeNumber('CLUSTER_PORT', 8080, 1, 65535);
if (!process.env.DATABASE_URL) {
  fail('npm run cluster needs PostgreSQL: set DATABASE_URL=postgres://… (the embedded database serves one process)');
}

buildIfNeeded();
console.log(`starting ${instances} instances and nginx…`);
const cluster = await startCluster({
  databaseUrl: process.env.DATABASE_URL,
  instances,
  port,
  onOutput: (name, text) => {
    for (const line of text.split('\n')) if (line) process.stdout.write(`[${name}] ${line}\n`);
  },
}).catch((error) => fail(`the cluster could not start: ${error instanceof Error ? error.message : error}`));

console.log(`\nGradient Academy through nginx: ${cluster.url}`);
for (const instance of cluster.instances) console.log(`  ${instance.name}: ${instance.url} (pid ${instance.child.pid})`);
console.log(`  nginx: ${cluster.nginx.configFile}, access log ${cluster.nginx.accessLog}`);
console.log('Ctrl-C stops everything.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping nginx and the instances`);
    await cluster.stop();
    process.exit(0);
  });
}
// An instance or nginx that dies on its own is reported; restarting it is the operator's call.
for (const proc of [
  ...cluster.instances.map((instance) => ({ name: instance.name, child: instance.child })),
  { name: 'nginx', child: cluster.nginx.child },
]) {
  proc.child.once('exit', (code, signal) => {
    if (!stopping) console.error(`${proc.name} exited (${code ?? signal})`);
  });
}
