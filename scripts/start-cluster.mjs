// A cluster on this machine (ADR 0038): N instances of the built server (dist/server) on one
// PostgreSQL, an S3-compatible store (s3rver, unless S3_BUCKET names another) and nginx with
// deploy/nginx.conf in front. `npm run cluster` runs it until Ctrl-C; tests/cluster.test.ts and
// `LOAD_CLUSTER=3 npm run bench:load` start it through startCluster.
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { renderNginxConfig, upstreamServers } from './nginx-config.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_ENTRY = path.join(ROOT, 'dist/server/server.js');
const READY_PATH = '/api/health/ready';
/** Kept of each process's output, for the error when it fails. */
const OUTPUT_LIMIT = 64 * 1024;

/** nginx from NGINX_PATH, PATH or Debian's /usr/sbin; undefined when there is none. */
export function findNginx() {
  const candidates = [
    process.env.NGINX_PATH,
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => dir && path.join(dir, 'nginx')),
    '/usr/sbin/nginx',
  ];
  return candidates.find((candidate) => {
    if (!candidate) return false;
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A child process whose output is kept (the tail) and passed on, and whose exit can be awaited. */
function spawnProcess(name, command, args, { env, onOutput }) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    const text = String(chunk);
    output = (output + text).slice(-OUTPUT_LIMIT);
    onOutput?.(name, text);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}

function hasExited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

/** `signal`, then SIGKILL if the process is still there after `graceMs`. */
async function stopProcess(proc, signal = 'SIGTERM', graceMs = 10_000) {
  if (hasExited(proc.child)) return proc.exited;
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
  const result = await proc.exited;
  clearTimeout(timer);
  return result;
}

/** Resolves once GET `url` answers 200; fails when the process exits first or after `timeoutMs`. */
async function waitForOk(url, proc, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(proc.child)) break;
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(50);
  }
  const why = hasExited(proc.child)
    ? `exited with ${proc.child.exitCode ?? proc.child.signalCode}`
    : `not ready after ${timeoutMs} ms`;
  throw new Error(`${url}: ${why}\n${proc.output()}`);
}

async function startObjectStore(dir) {
  const bucket = 'gradient-academy';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    // s3rver's own key pair.
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      const closed = server.close();
      // The SDK's keep-alive connections would hold the close open.
      server.httpServer.closeAllConnections();
      await closed;
    },
  };
}

/**
 * Starts the cluster and resolves once nginx answers `/api/health/ready` through every instance.
 * The first instance starts alone (unless `firstAlone` is false), so it migrates and seeds the demo
 * while the others are not yet started: instances starting together would wait their turn on the
 * migration lock, each within its own start-up timeout (docs/deploy.md).
 *
 * `env` goes to every instance on top of this process's environment; `instanceEnv(index)` and
 * `nodeArgs` add per instance (a benchmark's probe). PORT, HOST, DATA_DIR and DATABASE_URL are the
 * cluster's own.
 */
export async function startCluster({
  databaseUrl,
  instances: count = 3,
  port,
  env = {},
  instanceEnv = () => ({}),
  nodeArgs = [],
  firstAlone = true,
  nginxPath = findNginx(),
  onOutput,
}) {
  if (!databaseUrl) throw new Error('a cluster needs PostgreSQL: set DATABASE_URL (the embedded database serves one process)');
  if (!nginxPath) throw new Error('nginx not found: install it (Debian: apt-get install nginx) or set NGINX_PATH');
  if (!Number.isInteger(count) || count < 1) throw new Error(`instances must be a whole number from 1, not ${count}`);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'ga-cluster-'));
  // Started as root, nginx's workers run as another user and must reach their temp directory inside.
  chmodSync(dir, 0o755);
  const undo = [() => rmSync(dir, { recursive: true, force: true })];
  const cleanUp = async () => {
    for (const step of undo.splice(0).reverse()) await step();
  };
  try {
    const lbPort = port ?? (await freePort());
    const url = `http://127.0.0.1:${lbPort}`;
    const objectStore = process.env.S3_BUCKET ? undefined : await startObjectStore(dir);
    if (objectStore) undo.push(objectStore.close);

    const ports = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());
    const instances = ports.map((instancePort, index) => {
      const instanceUrl = `http://127.0.0.1:${instancePort}`;
      const dataDir = path.join(dir, `instance-${index + 1}`);
      mkdirSync(dataDir, { mode: 0o700 });
      const instanceEnvironment = {
        ...process.env,
        // nginx connects from 127.0.0.1; the links the app mails point at nginx.
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_URL: url,
        ...objectStore?.env,
        ...env,
        ...instanceEnv(index),
        DATABASE_URL: databaseUrl,
        PORT: String(instancePort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      };
      const instance = {
        index,
        name: `app${index + 1}`,
        port: instancePort,
        address: `127.0.0.1:${instancePort}`,
        url: instanceUrl,
        process: undefined,
        get child() {
          return instance.process.child;
        },
        output: () => instance.process?.output() ?? '',
        /** Spawns the server (again, after a kill) and resolves once it is ready. */
        async start() {
          instance.process = spawnProcess(instance.name, process.execPath, [...nodeArgs, SERVER_ENTRY], {
            env: instanceEnvironment,
            onOutput,
          });
          await waitForOk(`${instanceUrl}${READY_PATH}`, instance.process, 90_000);
        },
        kill(signal = 'SIGKILL') {
          instance.process.child.kill(signal);
          return instance.process.exited;
        },
        stop: () => (instance.process ? stopProcess(instance.process) : Promise.resolve()),
      };
      return instance;
    });
    undo.push(() => Promise.all(instances.map((instance) => instance.stop())));
    if (firstAlone) await instances[0].start();
    await Promise.all(instances.filter((instance) => !instance.process).map((instance) => instance.start()));

    const nginxDir = path.join(dir, 'nginx');
    mkdirSync(path.join(nginxDir, 'temp'), { recursive: true });
    const configFile = path.join(nginxDir, 'nginx.conf');
    const accessLog = path.join(nginxDir, 'access.log');
    writeFileSync(
      configFile,
      renderNginxConfig({
        GA_LISTEN: `127.0.0.1:${lbPort}`,
        GA_UPSTREAM_SERVERS: upstreamServers(instances.map((instance) => instance.address)),
        // Every instance of the cluster runs Python (PYTHON_WORKERS at its default).
        GA_GRADING_SERVERS: upstreamServers(instances.map((instance) => instance.address)),
        GA_TEMP_DIR: path.join(nginxDir, 'temp'),
        GA_ACCESS_LOG: accessLog,
      }),
    );
    const nginxArgs = [
      '-p',
      nginxDir,
      '-c',
      configFile,
      '-e',
      path.join(nginxDir, 'error.log'),
      '-g',
      `daemon off; pid ${path.join(nginxDir, 'nginx.pid')};`,
    ];
    const nginx = spawnProcess('nginx', nginxPath, nginxArgs, { env: process.env, onOutput });
    undo.push(() => stopProcess(nginx, 'SIGQUIT', 5000));
    await waitForOk(`${url}${READY_PATH}`, nginx, 15_000);

    return {
      url,
      instances,
      nginx: { child: nginx.child, configFile, accessLog, args: nginxArgs, output: nginx.output },
      dir,
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
