import { vi } from 'vitest';

export type StubbedAnswer = { status?: number; body?: unknown; delayMs?: number };

/**
 * Answers the app's own fetch calls by method and path (a function answer also gets the query), at the network boundary: the components,
 * their hooks and the one API helper all run for real. Unknown calls fail the test loudly.
 */
export function stubFetch(routes: Record<string, StubbedAnswer | ((url: URL) => StubbedAnswer)>) {
  const calls: string[] = [];
  /** Each request's path and query, in order. */
  const urls: string[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    calls.push(key);
    urls.push(`${url.pathname}${url.search}`);
    const route = routes[key];
    if (!route) throw new Error(`unexpected request in a component test: ${key}`);
    const answer = typeof route === 'function' ? route(url) : route;
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, urls };
}
