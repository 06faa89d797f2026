import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '#tests/helpers/fetch-stub';

/** The module afresh: its look-up is kept for the page's life. */
const load = async () => {
  vi.resetModules();
  return (await import('./code-config')).codePackagesUrl;
};

afterEach(() => vi.unstubAllGlobals());

describe('codePackagesUrl', () => {
  it('asks GET /api/code/config once and keeps the answer', async () => {
    const { calls } = stubFetch({ 'GET /api/code/config': { body: { packagesUrl: 'https://mirror.example/pyodide/' } } });
    const codePackagesUrl = await load();
    expect(await codePackagesUrl()).toBe('https://mirror.example/pyodide/');
    expect(await codePackagesUrl()).toBe('https://mirror.example/pyodide/');
    expect(calls).toEqual(['GET /api/code/config']);
  });

  it('runs with the standard library when the look-up fails, and asks again next time', async () => {
    let failing = true;
    const { calls } = stubFetch({
      'GET /api/code/config': () => (failing ? { status: 503, body: { message: 'down' } } : { body: { packagesUrl: null } }),
    });
    const codePackagesUrl = await load();
    expect(await codePackagesUrl()).toBeNull();
    failing = false;
    expect(await codePackagesUrl()).toBeNull();
    expect(calls).toEqual(['GET /api/code/config', 'GET /api/code/config']);
  });
});
