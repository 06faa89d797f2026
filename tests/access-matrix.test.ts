import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TABLE, type AccessRow, type CellRequest, MATRIX_METRICS_TOKEN } from '#tests/access-matrix.table';
import { type AccessWorld, PRINCIPALS, type Principal, seedAccessWorld } from '#tests/access-matrix.world';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { responseSchemaChecker } from '#tests/helpers/response-schemas';
import { documentedRoutes, type RouteKey, registeredRoutes, urlFitsRoute } from '#tests/helpers/route-registry';

/* Issue 8: who may call what. The table is access-matrix.table.ts; its top comment explains it. */

let t: TestApp;
let world: AccessWorld;
let registered: RouteKey[];
const schemas = responseSchemaChecker();

beforeAll(async () => {
  // Cells that pay make the student's intents: more a minute than a student's limit allows.
  // With METRICS_TOKEN, so GET /metrics is there and every route carries its metrics hook.
  t = await createTestApp({
    testPlugin: schemas.plugin,
    env: { RATE_LIMIT_PAYMENT_INTENTS_PER_MINUTE: '1000', METRICS_TOKEN: MATRIX_METRICS_TOKEN },
  });
  world = await seedAccessWorld(t);
  registered = registeredRoutes(t.app);
});
afterAll(() => t?.close());

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const methodOf = (route: string) => route.split(' ')[0] as Method;
const pathOf = (route: string) => route.slice(route.indexOf(' ') + 1);
const labelOf = (row: AccessRow) => (row.on ? `${row.route} [${row.on}]` : row.route);
/** A HEAD route Fastify made beside a GET one is covered by the GET row (each GET cell is also sent as HEAD). */
const rowRouteOf = (route: RouteKey) => {
  const twin: RouteKey = `GET ${pathOf(route)}`;
  return methodOf(route) === 'HEAD' && registered.includes(twin) ? twin : route;
};

describe('the access matrix', () => {
  it('has a row for every route the app serves, and none for a route it no longer has', () => {
    const inTable = new Set(ACCESS_TABLE.map((row) => row.route));
    const served = new Set(registered);
    expect({
      'routes without a row': registered.filter((route) => !inTable.has(rowRouteOf(route))),
      'rows of routes that are gone': [...inTable].filter((route) => !served.has(route as RouteKey)),
      // The router's print is parsed: the OpenAPI document proves the parsing lost nothing.
      'documented routes missing from the parsed router': documentedRoutes(t.app).filter((route) => !served.has(route)),
    }).toEqual({
      'routes without a row': [],
      'rows of routes that are gone': [],
      'documented routes missing from the parsed router': [],
    });
  });

  // Hundreds of requests: seconds on an idle machine, much longer on a busy one.
  it('answers every cell with the status its row expects', { timeout: 180_000 }, async () => {
    const wrong: string[] = [];
    for (const row of ACCESS_TABLE) {
      for (const as of PRINCIPALS) {
        const request = await row.request(world, as);
        if (!urlFitsRoute(request.url, pathOf(row.route))) {
          wrong.push(`${labelOf(row)}: ${request.url} is not a URL of this route`);
          continue;
        }
        const methods: Method[] = [methodOf(row.route)];
        // Fastify answers HEAD with the GET handler; it must decide access the same way.
        if (methods[0] === 'GET' && registered.includes(`HEAD ${pathOf(row.route)}`)) methods.push('HEAD');
        for (const method of methods) {
          const problem = await runCell(method, request, as, row.expect[as]);
          if (problem) wrong.push(`${method === 'HEAD' ? 'HEAD twin of ' : ''}${labelOf(row)} as ${as}: ${problem}`);
        }
      }
    }
    expect(wrong, `${wrong.length} cells answered otherwise`).toEqual([]);
  });

  // After every cell: each answer of every route, prepared bytes included, is what its schema says.
  it('answers every cell as its route declares in the OpenAPI document', () => {
    expect(schemas.checked()).toBeGreaterThan(300);
    expect([...new Set(schemas.mismatches)]).toEqual([]);
  });
});

/** Sends one cell's request; answers what is wrong with the response, or null. */
async function runCell(method: Method, request: CellRequest, as: Principal, expected: number): Promise<string | null> {
  const token = request.token === undefined ? world.tokens[as] : request.token;
  const response = await t.app.inject({
    method,
    url: request.url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...request.headers },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  // The router's own 404 means the request never reached the row's route.
  if (response.statusCode === 404 && /^\{"message":"Route \w+ \S+ not found"\}$/.test(response.body)) {
    return `no route answered ${method} ${request.url}`;
  }
  if (response.statusCode === expected) return null;
  const isText = /^(application\/json|text\/)/.test(String(response.headers['content-type']));
  return `expected ${expected}, got ${response.statusCode}${isText ? ` ${response.body.slice(0, 160)}` : ''}`;
}
