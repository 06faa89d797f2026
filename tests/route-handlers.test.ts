import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

// The rule of src/server/modules/README.md: handlers validate, call a service and return; services say
// what failed. A handler that writes to the database itself, or turns any failure into "not found", hides
// what went wrong. Once per run: the files do not depend on the database.
const runsHere = inject('dbKind') === 'pglite';
const modulesDir = path.resolve('src/server/modules');

const routeFiles = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.routes.ts'))
  .map((file) => ({ file, source: readFileSync(path.join(modulesDir, file), 'utf8') }));

describe.skipIf(!runsHere)('route handlers', () => {
  it('exist to be checked', () => {
    expect(routeFiles.length).toBeGreaterThan(5);
  });

  it.each(routeFiles.map(({ file }) => file))('%s writes to the database only through services', (file) => {
    const source = routeFiles.find((route) => route.file === file)?.source ?? '';
    expect(source).not.toMatch(/\bdb\s*\.\s*(insert|update|delete|execute|transaction)\s*\(/);
    expect(source).not.toMatch(/from '#db\/schema/);
  });

  it.each(routeFiles.map(({ file }) => file))('%s swallows no failure into an answer', (file) => {
    const source = routeFiles.find((route) => route.file === file)?.source ?? '';
    expect(source).not.toMatch(/\.catch\(\s*\(\)\s*=>\s*(null|undefined|false|\[\])\s*\)/);
  });
});
