import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#db/client';
import { createTestDb } from '#tests/helpers/db';
import { createEdgeApp } from '#tests/helpers/edge-app';

let db: DbHandle;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

/** An app logging at `level` into memory, with a route that fails. */
async function appLoggingAt(level: string) {
  const lines: { msg: string; level: number; reqId?: string; err?: { message: string } }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)));
      callback();
    },
  });
  const t = await createEdgeApp({
    db,
    logger: { level, stream },
    routes: (app) => {
      app.get('/test/fails', async () => {
        throw new Error('broken on purpose');
      });
    },
  });
  return { t, lines };
}

describe('request logs', () => {
  it('at info, every request is logged as it comes in and as it completes', async () => {
    const { t, lines } = await appLoggingAt('info');
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    } finally {
      await t.close();
    }
  });

  it('at warn, requests write nothing, and a failure is still logged', async () => {
    const { t, lines } = await appLoggingAt('warn');
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(lines).toEqual([]);
      const failed = await t.app.inject({ method: 'GET', url: '/test/fails' });
      expect(failed.statusCode).toBe(500);
      expect(lines.map((line) => line.msg)).toEqual(['request failed']);
      // The line names its request and its error, as at info.
      expect(lines[0]?.reqId).toBe(failed.headers['x-request-id']);
      expect(lines[0]?.err?.message).toBe('broken on purpose');
    } finally {
      await t.close();
    }
  });
});
