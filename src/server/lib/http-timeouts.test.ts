import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#db/client';
import { createTestDb } from '#tests/helpers/db';
import { createEdgeApp, type EdgeApp } from '#tests/helpers/edge-app';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts, httpTimeoutOptions } from './http-timeouts';

let db: DbHandle;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

describe('the HTTP server timeouts', () => {
  it('by default cut a request off within 30 seconds and are set on the Node server', async () => {
    const options = httpTimeoutOptions(undefined);
    expect(DEFAULT_HTTP_TIMEOUTS.requestTimeoutMs + options.http.connectionsCheckingInterval).toBeLessThanOrEqual(30_000);
    expect(DEFAULT_HTTP_TIMEOUTS.headersTimeoutMs).toBeLessThanOrEqual(DEFAULT_HTTP_TIMEOUTS.requestTimeoutMs);

    const t = await createEdgeApp({ db });
    try {
      const server = t.app.server;
      // Server-wide, it would cut off uploads too; plugins/body-deadline.ts bounds bodies per route.
      expect(server.requestTimeout).toBe(0);
      expect(server.headersTimeout).toBe(DEFAULT_HTTP_TIMEOUTS.headersTimeoutMs);
      expect(server.timeout).toBe(DEFAULT_HTTP_TIMEOUTS.connectionTimeoutMs);
      expect(server.keepAliveTimeout).toBe(DEFAULT_HTTP_TIMEOUTS.keepAliveTimeoutMs);
    } finally {
      await t.close();
    }
  });

  describe('on a real socket, with short timeouts', () => {
    const timeouts: HttpTimeouts = {
      headersTimeoutMs: 400,
      requestTimeoutMs: 800,
      uploadWindowMs: 500,
      uploadMinBytesPerWindow: 1_000,
      connectionTimeoutMs: 5_000,
      keepAliveTimeoutMs: 5_000,
    };
    let t: EdgeApp;
    let port: number;
    beforeAll(async () => {
      t = await createEdgeApp({
        db,
        config: { httpTimeouts: timeouts },
        routes: (app) => {
          // Reads the whole body as it comes, as the upload route streams it to the store.
          const countBytes = async (request: { body: unknown }) => {
            let bytes = 0;
            for await (const chunk of request.body as AsyncIterable<Buffer>) bytes += chunk.length;
            return { bytes };
          };
          app.put('/test/upload', { config: { rawBody: true, streamedUpload: true }, bodyLimit: 1e9 }, countBytes);
          app.put('/test/small', { config: { rawBody: true } }, countBytes);
          // Refuses before reading, as the upload route does with a used address.
          app.put('/test/refuse-early', { config: { rawBody: true } }, async (_request, reply) =>
            reply.code(409).send({ message: 'used' }),
          );
        },
      });
      ({ port } = await t.listen());
    });
    afterAll(async () => {
      await t?.close();
    });

    /** Sends `parts` one by one, `gapMs` apart, until the server answers or closes. */
    function trickle(parts: string[], gapMs: number) {
      const started = performance.now();
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
      });
      let timer: NodeJS.Timeout | undefined;
      const send = (index: number) => {
        const part = parts[index];
        if (part === undefined || socket.destroyed) return;
        socket.write(part);
        timer = setTimeout(() => send(index + 1), gapMs);
      };
      socket.on('connect', () => send(0));
      return new Promise<{ received: string; afterMs: number }>((resolve) => {
        socket.on('close', () => {
          clearTimeout(timer);
          resolve({ received, afterMs: performance.now() - started });
        });
      });
    }

    it('cuts off a body sent one byte at a time with a 408 in the JSON error shape', async () => {
      const head =
        'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 64\r\n\r\n';
      // One byte every 300 ms, well inside the 5 s idle timeout: only the request timeout can stop it.
      const { received, afterMs } = await trickle([head, ...'{"email":"ada@example.com","password":"x"}'.split('')], 300);
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(received).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/);
      expect(received).toMatch(/\r\ncontent-security-policy: /);
      expect(received.slice(received.indexOf('\r\n\r\n') + 4)).toBe('{"message":"The request took too long to arrive"}');
      // Generous bound: the configured 800 ms plus check intervals, far below the 64 bytes' 19 s.
      expect(afterMs).toBeLessThan(5_000);
    });

    it('cuts off headers sent one byte at a time', async () => {
      const head = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: 0123456789\r\n\r\n';
      const { received, afterMs } = await trickle(head.split(''), 100);
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(afterMs).toBeLessThan(5_000);
    });

    it('lets a streamed upload run past the request timeout while its bytes keep coming', async () => {
      const chunk = 'x'.repeat(2_000);
      const parts = Array.from({ length: 8 }, () => chunk);
      const head = `PUT /test/upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: video/mp4\r\nContent-Length: ${chunk.length * parts.length}\r\nConnection: close\r\n\r\n`;
      // 2,000 bytes every 250 ms: 8,000 a second against a floor of 2,000; 2 s, well past 800 ms.
      const { received, afterMs } = await trickle([head, ...parts], 250);
      expect(received).toMatch(/^HTTP\/1\.1 200 /);
      expect(received).toContain('{"bytes":16000}');
      expect(afterMs).toBeGreaterThan(timeouts.requestTimeoutMs);
    });

    it('cuts off a streamed upload that trickles below the minimum throughput', async () => {
      const head = 'PUT /test/upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: video/mp4\r\nContent-Length: 100000\r\n\r\n';
      const { received, afterMs } = await trickle([head, ...Array.from({ length: 40 }, () => 'x'.repeat(50))], 200);
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(received).toMatch(/\r\nx-request-id: /);
      expect(afterMs).toBeLessThan(3_000);
    });

    it('cuts off a slow body on a small raw route after the request timeout', async () => {
      const head = 'PUT /test/small HTTP/1.1\r\nHost: localhost\r\nContent-Type: video/mp4\r\nContent-Length: 1000\r\n\r\n';
      // Fast enough for the upload rule, but this route has the whole-request deadline.
      const { received, afterMs } = await trickle([head, ...Array.from({ length: 20 }, () => 'x'.repeat(50))], 100);
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(afterMs).toBeLessThan(1_900);
    });

    it('closes a slow body answered early without writing a second response', async () => {
      const head = 'PUT /test/refuse-early HTTP/1.1\r\nHost: localhost\r\nContent-Type: video/mp4\r\nContent-Length: 64\r\n\r\n';
      const { received, afterMs } = await trickle([head, ...'x'.repeat(64).split('')], 300);
      expect(received).toMatch(/^HTTP\/1\.1 409 /);
      expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
      expect(afterMs).toBeLessThan(5_000);
    });

    it('still serves a request that arrives in time', async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(response.status).toBe(200);
    });
  });
});
