import { createHash, randomUUID } from 'node:crypto';
import net from 'node:net';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEdgeApp, type EdgeApp } from '#tests/helpers/edge-app';
import { JSON_BODY_LIMIT, LARGER_BODY_LIMITS } from '../body-limits';

let t: EdgeApp;
let url: string;
let port: number;

beforeAll(async () => {
  t = await createEdgeApp({
    routes: (app) => {
      app.post('/test/echo-size', async (request) => ({ size: JSON.stringify(request.body ?? null).length }));
      app.post('/test/larger', { bodyLimit: 65_536 }, async (request) => ({
        size: JSON.stringify(request.body).length,
      }));
      app.post('/test/raw', { config: { rawBody: true }, bodyLimit: 1_048_576 }, async (request) => {
        const body = request.body as Buffer | Readable;
        const bytes = Buffer.isBuffer(body) ? body : await readAll(body);
        return {
          kind: Buffer.isBuffer(body) ? 'buffer' : 'stream',
          sha256: createHash('sha256').update(bytes).digest('hex'),
        };
      });
    },
  });
  ({ url, port } = await t.listen());
});
afterAll(async () => {
  await t?.close();
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('the JSON body policy', () => {
  it('refuses a JSON body over 16 KB on the auth routes with 413 and a JSON message', async () => {
    const body = JSON.stringify({ email: 'ada@example.com', password: 'x'.repeat(JSON_BODY_LIMIT) });
    for (const route of ['/api/auth/login', '/api/auth/signup', '/api/auth/forgot-password', '/api/auth/reset-password']) {
      const response = await t.app.inject({
        method: 'POST',
        url: route,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(response.statusCode, route).toBe(413);
      expect(response.json(), route).toEqual({ message: 'Request body is too large' });
    }
    expect(JSON_BODY_LIMIT).toBe(16_384);
  });

  it('accepts a body of exactly 16 KB and lets a route raise its own limit', async () => {
    const exact = JSON.stringify({ pad: 'x'.repeat(JSON_BODY_LIMIT - 10) });
    expect(exact.length).toBe(JSON_BODY_LIMIT);
    const fits = await t.app.inject({
      method: 'POST',
      url: '/test/echo-size',
      payload: exact,
      headers: { 'content-type': 'application/json' },
    });
    expect(fits.statusCode).toBe(200);

    const twenty = JSON.stringify({ pad: 'x'.repeat(20_000) });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/test/echo-size',
      payload: twenty,
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.statusCode).toBe(413);
    const raised = await t.app.inject({
      method: 'POST',
      url: '/test/larger',
      payload: twenty,
      headers: { 'content-type': 'application/json' },
    });
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toEqual({ size: twenty.length });
  });

  it('gives every method on an address that takes more its limit, and lets no API route set its own (nginx would not know it)', async () => {
    const courseLimit = LARGER_BODY_LIMITS['/api/courses/:id'] ?? 0;
    const within = JSON.stringify({ pad: 'x'.repeat(courseLimit - 20) });
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/courses/${randomUUID()}`,
        headers: { 'content-type': 'application/json' },
        payload: within,
      });
      expect(response.statusCode, method).toBe(401);
      const over = await t.app.inject({
        method,
        url: `/api/courses/${randomUUID()}`,
        headers: { 'content-type': 'application/json', 'content-length': String(courseLimit + 1) },
        payload: `${within}${' '.repeat(courseLimit + 1 - within.length)}`,
      });
      expect(over.statusCode, method).toBe(413);
    }
    await expect(
      createEdgeApp({ db: t.db, routes: (app) => app.post('/api/own-limit', { bodyLimit: 1_048_576 }, async () => ({})) }),
    ).rejects.toThrow('POST /api/own-limit: set its body limit in src/server/body-limits.ts, which nginx is given too');
  });

  it('answers 400, never 500, to deeply nested JSON that fits the limit', async () => {
    const bodies = [
      nested(8_000),
      `${'{"a":'.repeat(2_700)}1${'}'.repeat(2_700)}`,
      `${'{"__proto__":'.repeat(1_000)}1${'}'.repeat(1_000)}`,
      `${'{"a":'.repeat(2_500)}{"constructor":{"prototype":{}}}${'}'.repeat(2_500)}`,
      JSON.stringify({ email: 'ada@example.com', password: 'secret-pw' }).replace('"secret-pw"', nested(7_000)),
    ];
    for (const payload of bodies) {
      expect(payload.length).toBeLessThanOrEqual(JSON_BODY_LIMIT);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload.slice(0, 20)).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('refuses other media types with 415 unless the route asks for the raw body', async () => {
    for (const type of ['text/plain', 'application/octet-stream', 'application/x-www-form-urlencoded', 'image/png']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/test/echo-size',
        headers: { 'content-type': type },
        payload: 'a=1',
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toEqual({ message: 'Unsupported content type; send application/json' });
    }
    const noType = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: Buffer.from('{"email":"a@b.co"}') });
    expect(noType.statusCode).toBe(415);
  });

  it('gives a raw-body route the exact JSON bytes, or the stream of any other media type', async () => {
    const json = '{ "type": "payment_intent.succeeded",\n  "id": "evt_1" }';
    const asJson = await t.app.inject({
      method: 'POST',
      url: '/test/raw',
      headers: { 'content-type': 'application/json' },
      payload: json,
    });
    expect(asJson.json()).toEqual({ kind: 'buffer', sha256: sha256(json) });

    const bytes = Buffer.alloc(200_000, 7);
    const asStream = await t.app.inject({
      method: 'POST',
      url: '/test/raw',
      headers: { 'content-type': 'video/mp4' },
      payload: bytes,
    });
    expect(asStream.json()).toEqual({ kind: 'stream', sha256: sha256(bytes) });

    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/test/raw',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(1_048_577),
    });
    expect(tooLarge.statusCode).toBe(413);
  });
});

/** Writes a raw HTTP/1.1 request and resolves with everything the server sent until it closed or answered. */
function rawRequest(head: string) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  const response = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(received)?.[1];
      if (end !== -1 && length !== undefined && received.length >= end + 4 + Number(length)) resolve(received);
    });
    socket.on('close', () => resolve(received));
  });
  // The server may close while we still write: that is the point.
  socket.on('error', () => {});
  socket.write(head);
  return { socket, response };
}

async function timedHealth(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/health`);
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return performance.now() - started;
}

describe('a 1 MB deeply nested body over real HTTP', () => {
  it('is refused with 413 from its Content-Length, and health answers meanwhile', async () => {
    const body = nested(524_288);
    const { socket, response } = rawRequest(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.slice(0, 4_096));
    const answer = await response;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('{"message":"Request body is too large"}');
    expect(await timedHealth()).toBeLessThan(2_000);
    socket.destroy();
  });

  it('is refused with 413 when sent chunked, without stalling other requests while it arrives', async () => {
    const body = nested(524_288);
    const { socket, response } = rawRequest(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = (part: string) => `${part.length.toString(16)}\r\n${part}\r\n`;
    // Half the allowed size is in; the request is still open.
    socket.write(chunk(body.slice(0, 8_192)));
    const latencies = [await timedHealth()];

    const sending = (async () => {
      for (let offset = 8_192; offset < body.length && !socket.destroyed; offset += 65_536) {
        if (!socket.write(chunk(body.slice(offset, offset + 65_536)))) await new Promise((r) => setTimeout(r, 5));
      }
      if (!socket.destroyed) socket.write('0\r\n\r\n');
    })();
    const healthChecks = (async () => {
      for (let i = 0; i < 10; i++) latencies.push(await timedHealth());
    })();
    const [answer] = await Promise.all([response, sending, healthChecks]);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('{"message":"Request body is too large"}');
    // Generous: the point is "answers", not a benchmark.
    expect(Math.max(...latencies)).toBeLessThan(2_000);
    socket.destroy();
  });
});
