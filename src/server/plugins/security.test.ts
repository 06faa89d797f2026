import net from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createUser, type TestUser } from '#tests/factories';
import { createEdgeApp, type EdgeApp } from '#tests/helpers/edge-app';

let t: EdgeApp;
let port: number;
let student: TestUser;
let courseId: string;

beforeAll(async () => {
  t = await createEdgeApp({
    routes: (app) => {
      app.get('/api/test/public-page', async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return { same: 'for everyone' };
      });
      app.get('/api/test/private-page', async (_request, reply) => {
        reply.header('cache-control', 'max-age=60');
        return { mine: true };
      });
      app.get('/test/private-config', { config: { private: true } }, async () => ({ mine: true }));
    },
  });
  ({ port } = await t.listen());
  student = await createUser(t.db.db);
  const creator = await createUser(t.db.db, { role: 'creator' });
  courseId = (await createCourse(t.db.db, creator.id)).id;
});
afterAll(async () => {
  await t?.close();
});

function expectEdgeError(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(Object.keys(body)).toEqual(['message']);
  expect(typeof body.message).toBe('string');
  expect(response.body).not.toMatch(/FST_|statusCode|"error"/);
  expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
}

describe('errors raised before a route runs', () => {
  it('answers a too-long path parameter with 414 in the JSON error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/courses/${'a'.repeat(300)}` });
    expectEdgeError(response, 414);
  });

  it('answers a malformed URL with 400 in the JSON error shape', async () => {
    for (const url of ['/api/courses/%E0%A4%A', '/api/%zz/x', '/api/courses/%']) {
      const response = await t.app.inject({ method: 'GET', url });
      expectEdgeError(response, 400);
      expect(response.json()).toEqual({ message: 'Malformed URL' });
    }
  });

  it('answers a wrong or broken Content-Type with 415 or 400 in the JSON error shape', async () => {
    const cases: [string, number][] = [
      ['text/xml', 415],
      ['multipart/form-data; boundary=x', 415],
      ['application/x-www-form-urlencoded', 415],
      ['application/json; charset=utf-8', 400],
      ['application/json;;;', 400],
    ];
    for (const [type, status] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': type },
        payload: '<login/>',
      });
      expectEdgeError(response, status);
    }
  });

  it('answers an unknown API route, a bad Content-Length and a bad method the same way', async () => {
    expectEdgeError(await t.app.inject({ method: 'GET', url: '/api/nope' }), 404);
    expectEdgeError(await t.app.inject({ method: 'DELETE', url: '/api/courses' }), 404);
    expectEdgeError(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': '5' },
        payload: '{"email":"a@b.co","password":"x"}',
      }),
      400,
    );
  });

  /** Sends raw bytes and resolves with the whole answer once the server closes. */
  function raw(bytes: string): Promise<string> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
      });
      socket.on('error', () => {});
      socket.on('close', () => resolve(received));
    });
  }

  function expectRawEdgeError(answer: string, status: number) {
    expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/\r\ncontent-type: application\/json/i);
    expect(head).toMatch(/\r\nx-request-id: [0-9a-f-]{36}/i);
    expect(head).toMatch(/\r\ncontent-security-policy: default-src 'self'/i);
    expect(Object.keys(JSON.parse(body))).toEqual(['message']);
    expect(body).not.toMatch(/FST_|statusCode/);
  }

  it('answers a request the HTTP parser refuses (garbage, huge headers) in the JSON error shape', async () => {
    expectRawEdgeError(await raw('GARBAGE\r\n\r\n'), 400);
    expectRawEdgeError(await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'), 400);
    expectRawEdgeError(await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`), 431);
    expectRawEdgeError(await raw(`GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`), 431);
  });
});

describe('Cache-Control on private responses', () => {
  const auth = () => ({ authorization: `Bearer ${student.token}` });

  it('is no-store on every auth response, with or without a token', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'cache@example.com', password: 'correct-horse', name: 'Ada' },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'cache@example.com', password: 'correct-horse' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth() });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: 'Bearer nope' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/auth/forgot-password', '/api/auth/reset-password']) {
      const response = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is no-store on a course read with a bearer token', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/courses/${courseId}`, headers: auth() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('overrides a route policy that is not public when the request is signed in, or the route is private', async () => {
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/test/private-page', headers: auth() });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const guest = await t.app.inject({ method: 'GET', url: '/api/test/private-page' });
    expect(guest.headers['cache-control']).toBe('max-age=60');
    const privateRoute = await t.app.inject({ method: 'GET', url: '/test/private-config' });
    expect(privateRoute.headers['cache-control']).toBe('no-store');
  });

  it('keeps an explicitly public policy, and the catalogue revalidation for guests', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/test/public-page', headers: auth() });
    expect(page.headers['cache-control']).toBe('public, max-age=60');
    const list = await t.app.inject({ method: 'GET', url: '/api/courses' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toMatch(/no-cache/);
    expect(list.headers.etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/courses',
      headers: { 'if-none-match': String(list.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('Content-Security-Policy and Stripe.js', () => {
  /** The policy's directives by name, each with its sources. */
  function directives(response: LightMyRequestResponse): Record<string, string[]> {
    const policy = String(response.headers['content-security-policy']);
    return Object.fromEntries(
      policy.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources];
      }),
    );
  }

  it('lets no Stripe origin in while the built-in test processor takes the payments', async () => {
    for (const url of ['/', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).not.toMatch(/stripe/);
      expect(directives(response)).toMatchObject({
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        'connect-src': ["'self'"],
        'frame-src': ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'],
      });
    }
  });

  it('allows exactly what Stripe.js needs when Stripe is configured, and changes nothing else', async () => {
    const stripe = await createEdgeApp({
      db: t.db,
      config: {
        stripe: { secretKey: 'sk_test_csp', publishableKey: 'pk_test_csp', webhookSecret: 'whsec_csp', api: undefined },
      },
    });
    try {
      for (const url of ['/', '/api/health']) {
        const withStripe = directives(await stripe.app.inject({ method: 'GET', url }));
        const without = directives(await t.app.inject({ method: 'GET', url }));
        expect(withStripe['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://js.stripe.com']);
        expect(withStripe['frame-src']).toEqual([
          ...(without['frame-src'] ?? []),
          'https://js.stripe.com',
          'https://hooks.stripe.com',
        ]);
        expect(withStripe['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
        const others = (policy: Record<string, string[]>) =>
          Object.entries(policy).filter(([name]) => !['script-src', 'frame-src', 'connect-src'].includes(name));
        expect(others(withStripe)).toEqual(others(without));
      }
    } finally {
      await stripe.close();
    }
  });
});
