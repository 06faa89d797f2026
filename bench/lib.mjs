// Helpers for the benchmarks: start the built server as a child process and read its memory.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { CHROMIUM_ARGS } from '../scripts/chromium-args.mjs';

export function freePort() {
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

export async function waitForHealth(url, timeoutMs = 120_000, keepTrying = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && keepTrying()) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs} ms`);
}

/**
 * Starts dist/server/server.js; resolves once /api/health answers, with the start-up time. `onSpawn`
 * gets the child process at once, so an interrupted benchmark can end a server still starting.
 */
export async function startServer({ dataDir, port, env = {}, nodeArgs = [], onSpawn }) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/server.js'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onSpawn?.(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const server = { child, url, startupMs: 0, exited, output: () => output };
  try {
    await Promise.race([
      waitForHealth(url, 120_000, () => child.exitCode === null && child.signalCode === null),
      exited.then(({ code, signal }) => {
        throw new Error(`server exited with ${code ?? signal} before it was healthy:\n${output}`);
      }),
    ]);
  } catch (error) {
    await stop(server);
    throw error;
  }
  server.startupMs = performance.now() - startedAt;
  return server;
}

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
/** CPU time the process has used so far (user + system, all its threads), in ms. */
export function cpuMsOf(pid) {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}
/** Linux's USER_HZ: 100 on every architecture Node runs on here. */
const CLOCK_TICKS_PER_S = 100;

export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/**
 * What bench/event-loop-probe.mjs wrote to `file` after a SIGUSR2 ({ p50, p99, max } in ms), once it
 * is there; the file is removed so the next reading cannot see a stale one.
 */
export async function readProbe(file) {
  for (let i = 0; i < 100 && !existsSync(file); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  if (!existsSync(file)) return undefined;
  const result = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(file, { force: true });
  return result;
}

/** SIGTERM (the server shuts down gracefully), then SIGKILL if it is still there after `graceMs`. */
export async function stop(server, graceMs = 20_000) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  let timer;
  const killed = new Promise((resolve) => {
    timer = setTimeout(() => {
      server.child.kill('SIGKILL');
      resolve();
    }, graceMs);
  });
  await Promise.race([server.exited, killed]);
  clearTimeout(timer);
  return server.exited;
}

/** Headless Chromium as the machine notes say: the system browser, no sandbox, no background traffic. */
export async function launchChromium() {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/**
 * A caller of the app's API at `base`: `call` answers the response (throwing on any non-2xx with
 * its status and body), `api` its JSON (null for a 204).
 */
export function apiCaller(base) {
  const call = async (method, url, token, body) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response;
  };
  const api = async (...args) => {
    const response = await call(...args);
    return response.status === 204 ? null : response.json();
  };
  return { call, api };
}

/**
 * What a bench still has to undo if it is interrupted (servers to stop, engines to dispose), undone
 * newest first on SIGINT or SIGTERM. `track(undo, work)` runs `work`, then `undo` whatever happens;
 * `onSpawn` notes a server as it starts, so one still starting is killed too.
 */
export function cleanupOnInterrupt(progress) {
  const pending = new Set();
  const servers = new Set();
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, async () => {
      progress(`\n${signal}: cleaning up`);
      for (const child of servers) child.kill('SIGKILL');
      for (const undo of [...pending].reverse()) await undo().catch(() => {});
      process.exit(130);
    });
  }
  return {
    async track(undo, work) {
      pending.add(undo);
      try {
        return await work();
      } finally {
        pending.delete(undo);
        await undo();
      }
    },
    onSpawn(child) {
      servers.add(child);
      child.once('exit', () => servers.delete(child));
    },
  };
}
