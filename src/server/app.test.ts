import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

let t: TestApp;
/** Two published courses' Learn pages: addresses that name something. */
let learnUrls: [string, string];
const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', false);";
const INDEX_HTML = `<!doctype html><html><head><title>Gradient Academy</title><script>${THEME_SCRIPT}</script></head><body><div id="root"></div></body></html>`;
/** A build manifest as Vite writes it: the entry, two lazy pages sharing a chunk with the entry and one between them. */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor-def456.js' },
  '_shared.js': { file: 'assets/shared-111.js', imports: ['_vendor.js'] },
  'app/routes/catalog/home.tsx': { file: 'assets/home-222.js', isDynamicEntry: true, imports: ['_vendor.js', '_shared.js'] },
  'app/routes/learn/learn.tsx': { file: 'assets/learn-333.js', isDynamicEntry: true, imports: ['_shared.js', 'index.html'] },
};
const webDir = mkdtempSync(path.join(os.tmpdir(), 'ga-web-'));

beforeAll(async () => {
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDir, '.vite'));
  writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  // What scripts/precompress.mjs writes beside an asset (content made distinct, to tell which file was sent).
  writeFileSync(path.join(webDir, 'assets', 'vendor-def456.js'), 'y'.repeat(4000));
  writeFileSync(path.join(webDir, 'assets', 'vendor-def456.js.br'), brotliCompressSync('y'.repeat(4000)));
  writeFileSync(path.join(webDir, 'assets', 'vendor-def456.js.gz'), gzipSync('y'.repeat(4000), { level: 9 }));
  t = await createTestApp({ config: { webDir } });
  const creator = await createUser(t.db.db, { role: 'creator' });
  const [first, second] = await Promise.all([createCourse(t.db.db, creator.id), createCourse(t.db.db, creator.id)]);
  learnUrls = [`/course/${first.id}/learn`, `/course/${second.id}/learn`];
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the HTTP shell', () => {
  it('reports health with the database reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it("sends security headers with a Content-Security-Policy that allows no inline script but index.html's own", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });

  it('gives every response a request id, and keeps one the client sent', async () => {
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers['x-request-id']).toBe('trace-123');
  });

  it('serves the single-page app for its pages, 404 with the app for unknown addresses, and JSON 404s under /api', async () => {
    const known = ['/', '/login', learnUrls[0], '/My-Courses/'];
    // `/course/123/learn`: no course has such an id.
    for (const url of [...known, '/no/such/page', '/course', '/nope?x=1', '/course/123/learn']) {
      const page = await t.app.inject({ method: 'GET', url });
      const isKnown = known.includes(url);
      expect(page.statusCode, url).toBe(isKnown ? 200 : 404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<div id="root">');
    }
    // A 404 page is never answered 304 from a cached copy: its status would be lost.
    const missing = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    const again = await t.app.inject({ method: 'GET', url: '/no/such/page', headers: { 'if-none-match': missing.headers.etag } });
    expect(again.statusCode).toBe(404);
    const head = await t.app.inject({ method: 'HEAD', url: '/no/such/page' });
    expect(head.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Route GET /api/nope not found' });
    const post = await t.app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
  });

  it("names each page's own code in its HTML, allows only index.html's inline script, and answers 304 to a known ETag", async () => {
    const modulepreloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    // The entry's own imports first (the build leaves preloading to the server), then the page's.
    const home = await t.app.inject({ method: 'GET', url: '/?from=ml' });
    expect(modulepreloads(home.body)).toEqual(['/assets/vendor-def456.js', '/assets/home-222.js', '/assets/shared-111.js']);
    const learn = await t.app.inject({ method: 'GET', url: learnUrls[0] });
    expect(modulepreloads(learn.body)).toEqual(['/assets/vendor-def456.js', '/assets/learn-333.js', '/assets/shared-111.js']);
    // A page the manifest does not know (a hand-made build) gets index.html as it is.
    const login = await t.app.inject({ method: 'GET', url: '/login' });
    expect(login.body).toBe(INDEX_HTML);

    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const scriptSrc = /script-src ([^;]+)/.exec(String(home.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' 'wasm-unsafe-eval' 'sha256-${hash}'`);

    const again = await t.app.inject({ method: 'GET', url: learnUrls[1], headers: { 'if-none-match': learn.headers.etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(learn.headers.etag).not.toBe(home.headers.etag);
  });

  it("answers a missing asset with 404, not a page's HTML (a chunk an old page asks for after a deploy)", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/home-000000.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('caches fingerprinted assets for a year and compresses them', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it("sends the build's brotli or gzip copy of an asset as it is, and the plain file to a client that takes neither", async () => {
    const asked = (encoding: string) =>
      t.app.inject({ method: 'GET', url: '/assets/vendor-def456.js', headers: { 'accept-encoding': encoding } });
    const brotli = await asked('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.equals(readFileSync(path.join(webDir, 'assets', 'vendor-def456.js.br')))).toBe(true);
    const gzip = await asked('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('y'.repeat(4000));
    const plain = await asked('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('y'.repeat(4000));
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('publishes OpenAPI generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of [
      '/api/courses',
      '/api/courses/{id}',
      '/api/auth/login',
      '/api/auth/signup',
      '/api/my-courses',
      '/api/health',
    ]) {
      expect(Object.keys(doc.paths), route).toContain(route);
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });
});
