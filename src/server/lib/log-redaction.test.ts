import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#db/client';
import { createTestDb } from '#tests/helpers/db';
import { createEdgeApp, type EdgeApp } from '#tests/helpers/edge-app';
import { PNG_BYTES } from '#tests/helpers/media-bytes';

/*
 * An upload address (`/api/uploads/<grant>`) is a 15-minute credential: whoever holds it stores a file
 * for its creator. It reaches the log as a request's URL and inside messages that quote one; the
 * grant must appear in none of them, at any level.
 */

const INVITE = 'log-redaction-invite';
let db: DbHandle;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

/** An app logging at `level` into `lines`, with routes that fail or warn quoting an address. */
async function appLoggingAt(level: string, lines: string[]): Promise<EdgeApp> {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return createEdgeApp({
    db,
    config: { creatorInviteCode: INVITE },
    logger: { level, stream },
    routes: (app) => {
      // A failure whose message quotes the address, as a store or framework error may.
      app.get('/test/fails-quoting', async (request) => {
        throw new Error(`could not finish ${String((request.query as { address?: string }).address)}`);
      });
      app.get('/test/warns-quoting', async (request) => {
        request.log.warn(`slow upload at ${String((request.query as { address?: string }).address)}`);
        return { ok: true };
      });
    },
  });
}

async function uploadAddress(t: EdgeApp): Promise<string> {
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      email: `creator-${Date.now()}@example.com`,
      password: 'secret-pass',
      name: 'C',
      role: 'creator',
      inviteCode: INVITE,
    },
  });
  expect(signup.statusCode, signup.body).toBe(201);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers: { authorization: `Bearer ${signup.json().token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json().uploadURL;
}

/** Uses the address, then makes the app fail and warn quoting it; answers the grant. */
async function walkThroughUpload(t: EdgeApp, lines: string[]): Promise<string> {
  const address = await uploadAddress(t);
  const grant = address.split('/').at(-1) ?? '';
  expect(grant).toMatch(/^[A-Za-z0-9_-]{43}$/);
  lines.length = 0;
  const put = (url: string) => t.app.inject({ method: 'PUT', url, headers: { 'content-type': 'image/png' }, payload: PNG_BYTES });
  expect((await put(address)).statusCode).toBe(200);
  // Used up, asked with a query, asked with the wrong method, and quoted whole (URL-encoded in a query).
  expect((await put(`${address}?retry=1`)).statusCode).toBe(409);
  expect((await t.app.inject({ method: 'GET', url: address })).statusCode).toBe(404);
  const full = encodeURIComponent(`http://127.0.0.1:5000${address}`);
  expect((await t.app.inject({ method: 'GET', url: `/test/fails-quoting?address=${full}` })).statusCode).toBe(500);
  expect((await t.app.inject({ method: 'GET', url: `/test/warns-quoting?address=${address}` })).statusCode).toBe(200);
  return grant;
}

describe('upload addresses in the log', () => {
  it('are logged without their grant at info and below: requests to them, failures and warnings that quote them', async () => {
    const lines: string[] = [];
    const t = await appLoggingAt('trace', lines);
    try {
      const grant = await walkThroughUpload(t, lines);
      const text = lines.join('');
      // Every request and the failure were logged, so the grant's absence means something.
      expect(text).toContain('"url":"/api/uploads/[redacted]"');
      expect(text).toContain('"url":"/api/uploads/[redacted]?retry=1"');
      expect(text).toContain('address=http%3A%2F%2F127.0.0.1%3A5000%2Fapi%2Fuploads%2F[redacted]');
      expect(text).toContain('could not finish http://127.0.0.1:5000/api/uploads/[redacted]');
      expect(text).toContain('slow upload at /api/uploads/[redacted]');
      expect(lines.filter((line) => line.includes(grant))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('are logged without their grant above info, where only failures and warnings are written', async () => {
    const lines: string[] = [];
    const t = await appLoggingAt('warn', lines);
    try {
      const grant = await walkThroughUpload(t, lines);
      const text = lines.join('');
      expect(text).toContain('could not finish http://127.0.0.1:5000/api/uploads/[redacted]');
      expect(text).toContain('slow upload at /api/uploads/[redacted]');
      expect(lines.filter((line) => line.includes(grant))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
