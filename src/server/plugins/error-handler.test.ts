import { Writable } from 'node:stream';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEdgeApp, type EdgeApp } from '#tests/helpers/edge-app';

const SECRET = 'hunter2-S3CRET-value';

/** Every log line the app writes, as text. */
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, callback) {
    lines.push(String(chunk));
    callback();
  },
});
const logText = () => lines.join('');

let t: EdgeApp;
beforeAll(async () => {
  t = await createEdgeApp({
    logger: { level: 'info', stream },
    routes: (app) => {
      // What node-postgres and drizzle throw when a statement fails: the query, its parameters
      // in the message and in `params`, and the driver's error (quoting the value) as `cause`.
      app.post('/test/failing-query', async () => {
        const cause = Object.assign(new Error(`invalid input syntax for type uuid: "${SECRET}"`), {
          code: '22P02',
          detail: `Key (email)=(${SECRET}@example.com) already exists.`,
          where: `parameter $2 = '${SECRET}'`,
        });
        throw new DrizzleQueryError('insert into "users" ("email", "password_hash") values ($1, $2)', [SECRET, SECRET], cause);
      });
      app.get('/test/real-query', async () => app.db.execute(sql`select ${SECRET}::uuid as id`));
      app.get('/test/thrown-secret', async () => {
        throw Object.assign(new Error(`Could not save\nparams: ${SECRET}`), { code: 'E_SAVE', params: [SECRET], body: SECRET });
      });
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('error logging', () => {
  it('logs a failed query by message, code and stack, without its parameters', async () => {
    lines.length = 0;
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/failing-query',
      headers: { authorization: `Bearer ${SECRET}` },
      payload: { email: `${SECRET}@example.com`, password: SECRET },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error' });

    const entry = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'request failed');
    expect(entry?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)',
      cause: { code: '22P02', message: 'invalid input syntax for type uuid: "[redacted]"' },
    });
    expect(entry?.err.stack).toMatch(/^Error: Failed query: insert into .*\$2\)\n {4}at /);
    expect(logText()).not.toContain(SECRET);
  });

  it('logs a real failed statement of the database driver without its parameters', async () => {
    lines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/test/real-query' });
    expect(response.statusCode).toBe(500);
    const entry = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'request failed');
    expect(entry?.err.message).toMatch(/^Failed query: select \$1::uuid as id$/);
    expect(entry?.err.cause?.code).toBe('22P02');
    expect(logText()).not.toContain(SECRET);
  });

  it('strips "params:" from any error message and its stack', async () => {
    lines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/test/thrown-secret' });
    expect(response.statusCode).toBe(500);
    const entry = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'request failed');
    expect(entry?.err).toMatchObject({ message: 'Could not save', code: 'E_SAVE' });
    expect(Object.keys(entry?.err ?? {}).sort()).toEqual(['code', 'message', 'stack', 'type']);
    expect(logText()).not.toContain(SECRET);
  });

  it('never logs a token from a URL or an authorization header', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${SECRET}&from=mail` });
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${SECRET}` } });
    const text = logText();
    expect(text).toContain('/reset-password?token=[redacted]&from=mail');
    expect(text).not.toContain(SECRET);
  });
});
