import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { version as pyodideVersion } from 'pyodide/package.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PYODIDE_FILES } from '#shared/pyodide';
import { createTestApp, type TestApp } from '#tests/helpers/app';

/*
 * Python in the browser starts from Pyodide's files, which the build copies to /pyodide/<version>/ of
 * the web app and the server sends as it sends any built asset (ADR 0053). Read from the real build.
 */

const webDir = path.resolve(process.env.DIST_DIR ?? 'dist', 'web');
const base = `/pyodide/${pyodideVersion}/`;
const packageFile = (name: string) => readFileSync(path.join('node_modules', 'pyodide', name));

const TYPES: Record<(typeof PYODIDE_FILES)[number], string> = {
  'pyodide.mjs': 'application/javascript; charset=utf-8',
  'pyodide.asm.mjs': 'application/javascript; charset=utf-8',
  'pyodide.asm.wasm': 'application/wasm',
  'python_stdlib.zip': 'application/zip',
  'pyodide-lock.json': 'application/json; charset=utf-8',
};

let t: TestApp;
beforeAll(async () => {
  if (!existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(`no built web app in ${webDir}: run \`npm run build\` (npm test builds first)`);
  }
  t = await createTestApp({ config: { webDir } });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('Pyodide from this origin', () => {
  it('the build holds exactly the files a browser needs, the package’s own bytes, with brotli and gzip copies of the compressible ones', () => {
    const built = readdirSync(path.join(webDir, 'pyodide', pyodideVersion)).sort();
    const compressible = PYODIDE_FILES.filter((name) => name !== 'python_stdlib.zip');
    expect(built).toEqual([...PYODIDE_FILES, ...compressible.flatMap((name) => [`${name}.br`, `${name}.gz`])].sort());
    for (const name of PYODIDE_FILES) {
      expect(readFileSync(path.join(webDir, 'pyodide', pyodideVersion, name)).equals(packageFile(name)), name).toBe(true);
    }
  });

  it('serves each file with its media type, cached for good under its version', async () => {
    for (const name of PYODIDE_FILES) {
      const response = await get(`${base}${name}`, { 'accept-encoding': 'identity' });
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['content-type'], name).toBe(TYPES[name]);
      expect(response.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-encoding'], name).toBeUndefined();
      expect(response.rawPayload.equals(packageFile(name)), name).toBe(true);
    }
  });

  it('sends the WebAssembly as the build compressed it: brotli, else gzip', async () => {
    const wasm = packageFile('pyodide.asm.wasm');
    const brotli = await get(`${base}pyodide.asm.wasm`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('application/wasm');
    expect(brotli.rawPayload.length).toBeLessThan(wasm.length / 3);
    expect(brotliDecompressSync(brotli.rawPayload).equals(wasm)).toBe(true);
    const gzip = await get(`${base}pyodide.asm.wasm`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(wasm)).toBe(true);
    // The standard library is a zip of compressed files already: sent as it is.
    const stdlib = await get(`${base}python_stdlib.zip`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(stdlib.headers['content-encoding']).toBeUndefined();
    expect(stdlib.rawPayload.equals(packageFile('python_stdlib.zip'))).toBe(true);
  });

  it('answers other files under /pyodide/ with a JSON 404', async () => {
    const others = [
      // The package's other files, never copied.
      `${base}pyodide.d.ts`,
      `${base}package.json`,
      `${base}console.html`,
      `${base}pyodide.js`,
      // Another version, or the folder itself.
      '/pyodide/0.0.1/pyodide.mjs',
      base,
      '/pyodide/',
    ];
    for (const url of others) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
  });

  it('never leaves its folder, whatever path a client sends as it is', async () => {
    // Raw requests on a socket: an HTTP library (and light-my-request) would resolve the dots first.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const send = (target: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
        });
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString('latin1');
        });
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    const ways = [
      `${base}../../../package.json`,
      `${base}../../index.html`,
      `${base}..%2f..%2f..%2fpackage.json`,
      `${base}%2e%2e/%2e%2e/%2e%2e/package.json`,
      `${base}..\\..\\..\\package.json`,
      `/pyodide/../../package.json`,
      `${base}../../../node_modules/pyodide/package.json`,
    ];
    for (const target of ways) {
      const answer = await send(target);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
      expect(status, target).toBeGreaterThanOrEqual(400);
      expect(status, target).toBeLessThan(500);
      expect(answer, target).not.toMatch(/"name": ?"(gradient-academy|pyodide)"|<html/);
    }
  });
});

describe('the Content-Security-Policy for Python in the browser', () => {
  function directives(policy: string): Record<string, string[]> {
    return Object.fromEntries(
      policy.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources];
      }),
    );
  }

  it("lets WebAssembly compile ('wasm-unsafe-eval', not 'unsafe-eval') and workers start only from this origin", async () => {
    for (const url of ['/', `${base}pyodide.mjs`]) {
      const policy = directives(String((await get(url)).headers['content-security-policy']));
      expect(policy['script-src'], url).toContain("'wasm-unsafe-eval'");
      expect(policy['script-src'], url).not.toContain("'unsafe-eval'");
      expect(policy['worker-src'], url).toEqual(["'self'"]);
      expect(policy['connect-src'], url).toEqual(["'self'"]);
    }
  });
});
