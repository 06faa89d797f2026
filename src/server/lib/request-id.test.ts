import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEdgeApp, type EdgeApp } from '#tests/helpers/edge-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let t: EdgeApp;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  // At info every request is logged with its id: what an operator's log collector receives.
  t = await createEdgeApp({ logger: { level: 'info', stream } });
});
afterAll(async () => {
  await t?.close();
});

const health = (id: string) => t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });

describe('X-Request-ID', () => {
  it('keeps a short id of safe characters, in the answer and in the log', async () => {
    for (const id of ['trace-123', '0af7651916cd43dd8448eb211c80319c', 'a1b2.c3:d4_e5', 'x'.repeat(64)]) {
      lines.length = 0;
      const response = await health(id);
      expect(response.headers['x-request-id'], id).toBe(id);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(JSON.parse(line).reqId).toBe(id);
    }
  });

  it('replaces anything else with an id of its own: never echoed, never logged', async () => {
    const hostile = [
      `<script>alert(1)</script>${'A'.repeat(3_000)}`,
      'x'.repeat(65),
      'two words',
      'line\u0001break',
      'trace-1, trace-2',
      '"quoted"',
      '',
    ];
    for (const id of hostile) {
      lines.length = 0;
      const response = await health(id);
      expect(response.statusCode).toBe(200);
      const given = String(response.headers['x-request-id']);
      expect(given, JSON.stringify(id.slice(0, 20))).toMatch(UUID);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(JSON.parse(line).reqId).toBe(given);
        if (id) expect(line).not.toContain(id);
      }
    }
    expect(lines.join('')).not.toContain('<script>');
  });
});
