import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { cspReportsPlugin } from '#tests/helpers/csp-reports';

let on: TestApp;
let off: TestApp;

beforeAll(async () => {
  on = await createTestApp({ testPlugin: cspReportsPlugin });
  off = await createTestApp({ db: on.db });
});
afterAll(async () => {
  await off?.app.close();
  await on?.close();
});

const post = (t: TestApp, contentType: string, payload: string) =>
  t.app.inject({ method: 'POST', url: '/api/csp-reports', headers: { 'content-type': contentType }, payload });
const violations = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/api/csp-reports' })).json().violations;

/** Chromium's `report-uri` request for a blocked inline event handler. */
const reportUriBody = {
  'csp-report': {
    'document-uri': 'http://127.0.0.1:5000/course/1?run=a',
    referrer: '',
    'violated-directive': 'script-src-attr',
    'effective-directive': 'script-src-attr',
    'original-policy': "default-src 'self'; report-uri /api/csp-reports",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 1,
    'source-file': 'http://127.0.0.1:5000/course/1?run=a',
    'status-code': 200,
    'script-sample': 'alert(1)',
  },
};

describe('the CSP report endpoint', () => {
  it('is absent, and the policy names no report address, unless a test build registers it', async () => {
    const page = await off.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).not.toMatch(/report-/);
    // No route takes the report: the unknown path or, before routing, its media type refuses it.
    expect([404, 415]).toContain((await post(off, 'application/csp-report', JSON.stringify(reportUriBody))).statusCode);
    expect((await off.app.inject({ method: 'GET', url: '/api/csp-reports' })).statusCode).toBe(404);

    const withReports = await on.app.inject({ method: 'GET', url: '/' });
    expect(withReports.headers['content-security-policy']).toMatch(/(^|;) ?report-uri \/api\/csp-reports(;|$)/);
  });

  it('is no part of the production code: nothing under src/ names it', () => {
    const sources = readdirSync('src', { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.filter((file) => /csp-reports|CSP_REPORT/.test(readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('keeps report-uri and Reporting API reports in one shape, oldest first', async () => {
    expect((await post(on, 'application/csp-report', JSON.stringify(reportUriBody))).statusCode).toBe(204);
    const batch = [
      { type: 'deprecation', url: 'http://127.0.0.1:5000/', body: { id: 'x', message: 'old API' } },
      {
        type: 'csp-violation',
        age: 3,
        url: 'http://127.0.0.1:5000/?run=b',
        user_agent: 'Chromium',
        body: {
          documentURL: 'http://127.0.0.1:5000/?run=b',
          blockedURL: 'javascript',
          effectiveDirective: 'script-src-elem',
          originalPolicy: "default-src 'self'",
          sample: 'top.__xss=7',
          disposition: 'enforce',
          statusCode: 200,
          lineNumber: 4,
        },
      },
    ];
    expect((await post(on, 'application/reports+json', JSON.stringify(batch))).statusCode).toBe(204);

    expect(await violations(on)).toEqual([
      {
        documentURL: 'http://127.0.0.1:5000/course/1?run=a',
        blockedURL: 'inline',
        effectiveDirective: 'script-src-attr',
        sourceFile: 'http://127.0.0.1:5000/course/1?run=a',
        lineNumber: 1,
        sample: 'alert(1)',
        disposition: 'enforce',
      },
      {
        documentURL: 'http://127.0.0.1:5000/?run=b',
        blockedURL: 'javascript',
        effectiveDirective: 'script-src-elem',
        sourceFile: '',
        lineNumber: 4,
        sample: 'top.__xss=7',
        disposition: 'enforce',
      },
    ]);
  });

  it('refuses other media types, broken or foreign bodies and big ones, keeping nothing from them', async () => {
    const before = (await violations(on)).length;
    const cases: Array<[string, string, number]> = [
      ['text/plain', JSON.stringify(reportUriBody), 415],
      ['application/x-www-form-urlencoded', 'csp-report=1', 415],
      ['application/csp-report', '{"csp-report":', 400],
      ['application/csp-report', JSON.stringify({ report: 'something else' }), 400],
      ['application/reports+json', JSON.stringify([{ body: {} }]), 400],
      ['application/csp-report', JSON.stringify({ 'csp-report': { 'script-sample': 'x'.repeat(20_000) } }), 413],
    ];
    for (const [contentType, payload, status] of cases) {
      const response = await post(on, contentType, payload);
      expect(response.statusCode, `${contentType} ${payload.slice(0, 40)}`).toBe(status);
      expect(Object.keys(response.json())).toContain('message');
    }
    expect(await violations(on)).toHaveLength(before);
  });

  it('cuts long text instead of refusing the report', async () => {
    const long = { 'csp-report': { 'document-uri': `http://127.0.0.1/${'a'.repeat(5_000)}` } };
    expect((await post(on, 'application/csp-report', JSON.stringify(long))).statusCode).toBe(204);
    expect((await violations(on)).at(-1).documentURL).toHaveLength(2_000);
  });
});
