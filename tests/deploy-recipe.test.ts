import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { JSON_BODY_LIMIT, LARGER_BODY_LIMITS } from '#server/body-limits';
import { EnvSchema } from '#server/env';
import { healthRoutes } from '#server/modules/health/health.routes';
import { NGINX_TEMPLATE, placeholdersOf, UPSTREAM_SERVER_PARAMETERS } from '../scripts/nginx-config.mjs';

/*
 * Docker does not run here, so the deploy recipe (Dockerfile, compose.yaml, deploy/nginx.conf,
 * docs/deploy.md) is checked against the code: every variable the server reads is documented and
 * set or deliberately left at its default, and ports and health paths are the server's. A variable
 * added to src/server/env.ts fails this until README and compose.yaml know it.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** What the server reads: the keys of its environment schema. */
const serverVariables = Object.keys(EnvSchema.shape).sort();

/** Variables a runtime reads on its own (Node, libuv), not the app's configuration. */
const RUNTIME_VARIABLES = new Set(['UV_THREADPOOL_SIZE']);

type ComposeService = {
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  expose?: string[];
  ports?: string[];
  healthcheck?: { test: string[] };
};
type Compose = { services: Record<string, ComposeService>; 'x-left-at-default': string[] };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** README's Configuration table: each row's variable names (a row may name several) and its meaning. */
function configurationRows(readme: string) {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration')) ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [names = '', , meaning = ''] = line.slice(1).split(' | ');
      return { names: [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1] as string), meaning };
    });
}

// Static files only: once, on the first project.
describe.skipIf(inject('dbKind') === 'postgres')('the deploy recipe', () => {
  let compose: Compose;
  let app: ComposeService;
  let nginx: ComposeService;
  let dockerfile: string;
  const defaultPort = String(EnvSchema.shape.PORT.parse(undefined));

  beforeAll(() => {
    compose = parse(read('compose.yaml'), { merge: true }) as Compose;
    app = compose.services.app as ComposeService;
    nginx = compose.services.nginx as ComposeService;
    dockerfile = read('Dockerfile');
  });

  it('reads its configuration only through the environment schema', () => {
    const direct = sourceFiles(path.join(ROOT, 'src'))
      .filter((file) => !file.endsWith(path.join('server', 'env.ts')))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/process\.env(?:\.([A-Z0-9_]+)|\[['"]([A-Z0-9_]+)['"]\])/g)])
      .map((match) => (match[1] ?? match[2]) as string)
      .filter((name) => !RUNTIME_VARIABLES.has(name));
    expect(direct).toEqual([]);
    expect(serverVariables.length).toBeGreaterThan(40);
  });

  it("documents every variable the server reads in README's Configuration table, and no other", () => {
    const rows = configurationRows(read('README.md'));
    const documented = new Set(rows.flatMap((row) => row.names));
    expect(serverVariables.filter((name) => !documented.has(name))).toEqual([]);
    const testsOnly = new Set(rows.filter((row) => row.meaning.startsWith('tests only')).flatMap((row) => row.names));
    expect([...documented].filter((name) => !serverVariables.includes(name) && !testsOnly.has(name))).toEqual([]);
  });

  it("sets every variable in compose.yaml's app service or lists it as left at its default, never both", () => {
    const set = Object.keys(app.environment ?? {});
    const leftAtDefault = compose['x-left-at-default'];
    expect(set.filter((name) => !serverVariables.includes(name))).toEqual([]);
    expect(leftAtDefault.filter((name) => !serverVariables.includes(name))).toEqual([]);
    expect(set.filter((name) => leftAtDefault.includes(name))).toEqual([]);
    expect(serverVariables.filter((name) => !set.includes(name) && !leftAtDefault.includes(name))).toEqual([]);
    // A cluster needs PostgreSQL and a shared object store: the embedded database and DATA_DIR serve one process.
    expect(app.environment?.DATABASE_URL).toMatch(/^postgres:\/\//);
    expect(app.environment?.S3_BUCKET).toBeTruthy();
    expect(app.environment?.NODE_ENV).toBe('production');
  });

  it('uses the same port everywhere: Dockerfile, compose.yaml and the upstream nginx is given', () => {
    expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${defaultPort}$`, 'm'));
    expect(dockerfile).toMatch(new RegExp(`\\bPORT=${defaultPort}\\b`));
    expect(dockerfile).toContain(`process.env.PORT || ${defaultPort}`);
    const appPort = app.environment?.PORT ?? defaultPort;
    expect(appPort).toBe(defaultPort);
    expect(app.expose).toEqual([appPort]);
    expect(app.ports).toBeUndefined();
    for (const upstream of [nginx.environment?.GA_UPSTREAM_SERVERS ?? '', nginx.environment?.GA_GRADING_SERVERS ?? '']) {
      expect(upstream).toContain(`server app:${appPort} `);
      expect(upstream).toContain(UPSTREAM_SERVER_PARAMETERS);
    }
    // The app replicas are the grading instances too: they run Python unless PYTHON_WORKERS says otherwise.
    expect(app.environment?.PYTHON_WORKERS ?? String(EnvSchema.shape.PYTHON_WORKERS.parse(undefined))).not.toBe('0');
    expect(nginx.ports).toEqual([`\${HTTP_PORT:-80}:${nginx.environment?.GA_LISTEN}`]);
  });

  it('asks only health paths the server serves', async () => {
    const server = Fastify().withTypeProvider<ZodTypeProvider>();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    await server.register(healthRoutes);
    await server.ready();
    const asked = [
      ...dockerfile.matchAll(/\/api\/health[a-z/]*/g),
      ...read('compose.yaml').matchAll(/\/api\/health[a-z/]*/g),
      ...read('deploy/nginx.conf').matchAll(/\/api\/health[a-z/]*/g),
      ...read('scripts/start-cluster.mjs').matchAll(/\/api\/health[a-z/]*/g),
    ].map((match) => match[0]);
    expect(asked).toContain('/api/health/ready');
    for (const url of asked) expect(server.hasRoute({ method: 'GET', url }), url).toBe(true);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health\/ready/m);
    await server.close();
  });

  it("gives nginx in compose.yaml the cluster's configuration file, with every placeholder filled", () => {
    expect(NGINX_TEMPLATE).toBe(path.join(ROOT, 'deploy', 'nginx.conf'));
    expect(nginx.volumes).toContain('./deploy/nginx.conf:/etc/nginx/templates/nginx.conf.template:ro');
    expect(nginx.environment?.NGINX_ENVSUBST_OUTPUT_DIR).toBe('/etc/nginx');
    const placeholders = placeholdersOf(read('deploy/nginx.conf'));
    expect(placeholders.length).toBeGreaterThan(0);
    expect(placeholders.filter((name) => !nginx.environment?.[name])).toEqual([]);
    // The image's envsubst must leave nginx's own $variables alone.
    expect(nginx.environment?.NGINX_ENVSUBST_FILTER).toBe('^GA_');
    expect(placeholders.every((name) => name.startsWith('GA_'))).toBe(true);
  });

  it('never lets nginx retry a POST or PATCH that reached an instance (ADR 0038)', () => {
    const config = read('deploy/nginx.conf');
    expect(config).toMatch(/^\s*proxy_next_upstream error timeout http_502 http_503;/m);
    expect(config).not.toContain('non_idempotent');
    // Clients' own X-Forwarded-For is kept in front of the address nginx saw, which TRUST_PROXY=1 takes.
    expect(config).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    // compose's own interpolation: .env's TRUST_PROXY, else 1.
    expect(app.environment?.TRUST_PROXY).toMatch(/^\$\{TRUST_PROXY:-1\}$/);
  });

  it("gives nginx each address's body limit, the app's own, so a body over it is refused in JSON before an instance sees it", () => {
    const config = read('deploy/nginx.conf');
    const server = config.slice(config.indexOf('    server {'));
    expect(server).toMatch(new RegExp(`^ {8}client_max_body_size ${JSON_BODY_LIMIT};$`, 'm'));
    const locations = new Map(
      [...server.matchAll(/^ {8}location ~ \^(\S+)\$ \{\n([\s\S]*?)^ {8}\}/gm)].map(([, pattern = '', block = '']) => [
        pattern,
        { limit: Number(/client_max_body_size (\d+);/.exec(block)?.[1]), block },
      ]),
    );
    const expected = Object.entries(LARGER_BODY_LIMITS).map(([route, limit]) => [route.replace(/:[a-z]+/gi, '[^/]+'), limit]);
    expect([...locations].map(([pattern, { limit }]) => [pattern, limit])).toEqual(expected);
    // Python runs and answers, a quiz's or a review card's (a code answer shares the path of the others), go to the instances that run Python.
    const grading = ['/api/code/run', '/api/quiz-attempts/[^/]+/answers', '/api/review/[^/]+'];
    for (const [pattern, { block }] of locations) {
      expect(block, pattern).toContain(
        `proxy_pass http://${grading.includes(pattern) ? 'gradient_academy_grading' : 'gradient_academy'};`,
      );
    }
    expect(config).toMatch(/upstream gradient_academy_grading \{[^}]*\$\{GA_GRADING_SERVERS\}/);
    // An upload streams through to the app, which counts it against its kind's limit as it arrives.
    expect(locations.get('/api/uploads/[^/]+')?.block).toContain('proxy_request_buffering off;');
    expect(config).toMatch(/^\s*error_page 413 @body_too_large;/m);
  });

  it('builds in stages and runs as an unprivileged user', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    const runStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runStage).toMatch(/^USER node$/m);
    expect(runStage).toMatch(/^CMD \["node", "dist\/server\/server\.js"\]$/m);
  });

  it('is linked from the README', () => {
    const readme = read('README.md');
    const deploy = readme.split(/^## /m).find((part) => part.startsWith('Deploy')) ?? '';
    expect(deploy).toContain('(docs/deploy.md)');
    expect(read('docs/deploy.md')).toMatch(/^# /);
  });
});
