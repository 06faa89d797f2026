import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';

// The import fence of ADR 0020, proven through the step of `npm run lint` that checks it:
// probe files are written into the tree, `npm run lint:imports` judges the whole project once, and the
// probes are removed again, even when the run fails. Probes import targets they make themselves, so
// renaming a real file never breaks this test. Once per run: the rules do not depend on the database.
const runsHere = inject('dbKind') === 'pglite';

/** Folders that no line of the lint config names: made for the run, removed after it. */
const NEW_MODULE = 'src/server/modules/zz-new-module';
const NEW_FEATURE = 'src/web/features/zz-new-feature';

const PROBES = {
  // Targets
  moduleTarget: ['src/server/modules/catalog/zz-probe-target.ts', "export const target = 'catalog module';\n"],
  libTarget: ['src/server/lib/zz-probe-target.ts', "export const target = 'server lib';\n"],
  featureTarget: ['src/web/features/catalog/zz-probe-target.ts', "export const target = 'catalog feature';\n"],

  // Server modules
  moduleToModule: [
    'src/server/modules/enrollment/zz-probe.ts',
    "import { target } from '../catalog/zz-probe-target';\nexport const probe = target;\n",
  ],
  moduleToModuleByAlias: [
    'src/server/modules/auth/zz-probe.ts',
    "import { target } from '#server/modules/catalog/zz-probe-target';\nexport const probe = target;\n",
  ],
  moduleToLibAndItself: [
    'src/server/modules/catalog/zz-probe-lib.ts',
    "import { target as lib } from '../../lib/zz-probe-target';\nimport { target as libByAlias } from '#server/lib/zz-probe-target';\nimport { target } from './zz-probe-target';\nexport const probe = [lib, libByAlias, target];\n",
  ],
  newModuleToModule: [
    `${NEW_MODULE}/zz-new-module.service.ts`,
    "import { target } from '../catalog/zz-probe-target';\nexport const probe = target;\n",
  ],
  newModuleToItselfAndLib: [
    `${NEW_MODULE}/zz-new-module.routes.ts`,
    "import { target } from '#server/lib/zz-probe-target';\nimport { probe } from './zz-new-module.service';\nexport const routes = [probe, target];\n",
  ],
  moduleToNewModule: [
    'src/server/modules/health/zz-probe.ts',
    "import { probe } from '../zz-new-module/zz-new-module.service';\nexport const again = probe;\n",
  ],
  libToModule: [
    'src/server/lib/zz-probe-module.ts',
    "import { target } from '../modules/catalog/zz-probe-target';\nexport const probe = target;\n",
  ],
  serverToWeb: ['src/server/lib/zz-probe-web.ts', "import { cn } from '#web/lib/utils';\nexport const probe = cn;\n"],
  dbToServerAndWeb: [
    'src/db/zz-probe.ts',
    "import { AppError } from '#server/errors';\nimport { cn } from '../web/lib/utils';\nexport const probe = [AppError, cn];\n",
  ],

  // Web features
  featureToFeature: [
    'src/web/features/enrollment/zz-probe.ts',
    "import { target } from '../catalog/zz-probe-target';\nexport const probe = target;\n",
  ],
  featureToFeatureByAlias: [
    'src/web/features/auth/zz-probe.ts',
    "import { target } from '#web/features/catalog/zz-probe-target';\nexport const probe = target;\n",
  ],
  featureToItselfAndShared: [
    'src/web/features/catalog/zz-probe-own.ts',
    "import { loadStripe } from '@stripe/stripe-js';\nimport { z } from 'zod';\nimport { isUuid } from '#shared/ids';\nimport { cn } from '#web/lib/utils';\nimport { target } from './zz-probe-target';\nexport const probe = [loadStripe, z, isUuid, cn, target];\n",
  ],
  newFeatureToFeature: [
    `${NEW_FEATURE}/zz-probe.ts`,
    "import { target } from '../catalog/zz-probe-target';\nexport const probe = target;\n",
  ],
  newFeatureToFeatureByAlias: [
    `${NEW_FEATURE}/zz-probe-alias.ts`,
    "import { target } from '#web/features/catalog/zz-probe-target';\nexport const probe = target;\n",
  ],
  featureToNewFeature: [
    'src/web/features/learning/zz-probe.ts',
    "import { probe } from '../zz-new-feature/zz-probe';\nexport const again = probe;\n",
  ],
  webSharedToFeature: [
    'src/web/components/zz-probe.ts',
    "import { target } from '#web/features/catalog/zz-probe-target';\nexport const probe = target;\n",
  ],
  webToServerAndDb: [
    'src/web/app/zz-probe.ts',
    "import { createDb } from '#db/client';\nimport { buildApp } from '#server/app';\nimport type { AppError } from '../../server/errors';\nexport const probe = [createDb, buildApp] as unknown as AppError;\n",
  ],
  webToServerPackages: [
    'src/web/lib/zz-probe-packages.ts',
    "import { PGlite } from '@electric-sql/pglite';\nimport { sql } from 'drizzle-orm';\nimport Fastify from 'fastify';\nimport pg from 'pg';\nimport Stripe from 'stripe';\nexport const probe = [PGlite, sql, Fastify, pg, Stripe];\n",
  ],
  webToNodeBuiltin: [
    'src/web/lib/zz-probe-node.ts',
    "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;\n",
  ],

  // src/shared
  sharedToOthers: [
    'src/shared/zz-probe.ts',
    "import { randomUUID } from 'node:crypto';\nimport { useState } from 'react';\nimport { createDb } from '#db/client';\nimport { cn } from '#web/lib/utils';\nimport { AppError } from '../server/errors';\nexport const probe = [randomUUID, useState, createDb, cn, AppError];\n",
  ],
  sharedToZodAndItself: [
    'src/shared/zz-probe-ok.ts',
    "import { z } from 'zod';\nimport { isUuid as byAlias } from '#shared/ids';\nimport { isUuid } from './ids';\nexport const probe = [z, byAlias, isUuid];\n",
  ],

  // Production code and what only tests may use
  productionToTests: [
    'src/server/lib/zz-probe-tests.ts',
    "import { createUser } from '#tests/factories';\nexport const probe = createUser;\n",
  ],
  productionToDevDependency: [
    'src/server/lib/zz-probe-dev.ts',
    "import { describe } from 'vitest';\nexport const probe = describe;\n",
  ],
  productionToUnlistedPackage: [
    'src/server/lib/zz-probe-unlisted.ts',
    "import axe from 'axe-core';\nexport const probe = axe;\n",
  ],
  testSuiteToTestCode: [
    // A shared test suite (*.contract.ts, as object-store.contract.ts): vitest is not picking it up as a test file.
    'src/server/lib/zz-probe.contract.ts',
    "import { describe } from 'vitest';\nimport { createUser } from '#tests/factories';\nexport const probe = [describe, createUser];\n",
  ],
  unresolvable: [
    'src/server/lib/zz-probe-missing.ts',
    "import { nothing } from './zz-no-such-file';\nexport const probe = nothing;\n",
  ],

  // Cycles
  cycleA: ['src/server/lib/zz-cycle-a.ts', "import { b } from './zz-cycle-b';\nexport const a = () => b;\n"],
  cycleB: ['src/server/lib/zz-cycle-b.ts', "import { a } from './zz-cycle-a';\nexport const b = () => a;\n"],
  typeCycleA: [
    'src/web/lib/zz-type-cycle-a.ts',
    "import type { B } from './zz-type-cycle-b';\nexport const makeA = (b: B) => ({ b });\n",
  ],
  typeCycleB: [
    'src/web/lib/zz-type-cycle-b.ts',
    "import { makeA } from './zz-type-cycle-a';\nexport interface B {\n  a?: ReturnType<typeof makeA>;\n}\nexport const uses = makeA;\n",
  ],
  lazyCycleA: ['src/web/lib/zz-lazy-cycle-a.ts', "export const load = () => import('./zz-lazy-cycle-b');\n"],
  lazyCycleB: ['src/web/lib/zz-lazy-cycle-b.ts', "import { load } from './zz-lazy-cycle-a';\nexport const again = load;\n"],
} as const satisfies Record<string, readonly [string, string]>;

type ProbeName = keyof typeof PROBES;
type Violation = { rule: string; from: string; to: string };

let output = '';
let exitCode: number | null = null;
let violations: Violation[] = [];

/**
 * Reads dependency-cruiser's `err-long` report: one `error <rule>: <from> → <to>` per violation (a cycle
 * continues `→ <next>` on the lines after it; its `to` is the next module of the cycle). A package is
 * named by its folder (`node_modules/react`), whichever of its files the import resolved to.
 */
function parseReport(report: string): Violation[] {
  return [...report.matchAll(/^\s*error ([\w-]+): (\S+) →\s*(\S+)/gm)].map(([, rule = '', from = '', to = '']) => ({
    rule,
    from,
    to: to.replace(/^(node_modules\/(@[^/]+\/)?[^/]+)\/.*$/, '$1'),
  }));
}

/** What the fence said about one probe file, as `rule → to`. */
function reported(name: ProbeName): string[] {
  const [file] = PROBES[name];
  return violations.filter((violation) => violation.from === file).map(({ rule, to }) => `${rule} → ${to}`);
}

beforeAll(() => {
  if (!runsHere) return;
  try {
    for (const folder of [NEW_MODULE, NEW_FEATURE]) mkdirSync(folder, { recursive: true });
    for (const [file, source] of Object.values(PROBES)) writeFileSync(file, source);
    const result = spawnSync('npm', ['run', '--silent', 'lint:imports'], { encoding: 'utf8' });
    output = `${result.stdout}${result.stderr}`;
    exitCode = result.status;
    violations = parseReport(output);
  } finally {
    for (const [file] of Object.values(PROBES)) rmSync(file, { force: true });
    for (const folder of [NEW_MODULE, NEW_FEATURE]) rmSync(folder, { recursive: true, force: true });
  }
}, 120_000);

describe.skipIf(!runsHere)('the import fence (npm run lint)', () => {
  it('is a step of npm run lint, and fails it', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.lint).toContain('npm run --silent lint:imports');
    expect(exitCode, output).not.toBe(0);
  });

  it('finds nothing to refuse in the project itself', () => {
    const probeFiles = new Set<string>(Object.values(PROBES).map(([file]) => file));
    expect(violations.filter((violation) => !probeFiles.has(violation.from))).toEqual([]);
  });

  it('refuses an import from one server module into another, relative or by alias', () => {
    const to = 'server-module-to-other-module → src/server/modules/catalog/zz-probe-target.ts';
    expect(reported('moduleToModule')).toEqual([to]);
    expect(reported('moduleToModuleByAlias')).toEqual([to]);
  });

  it('lets a server module import src/server/lib and its own files', () => {
    expect(reported('moduleToLibAndItself')).toEqual([]);
    expect(reported('newModuleToItselfAndLib')).toEqual([]);
  });

  it('fences a new server module folder that no config names, both ways', () => {
    expect(reported('newModuleToModule')).toEqual([
      'server-module-to-other-module → src/server/modules/catalog/zz-probe-target.ts',
    ]);
    expect(reported('moduleToNewModule')).toEqual([`server-module-to-other-module → ${NEW_MODULE}/zz-new-module.service.ts`]);
  });

  it('keeps src/server/lib from importing a module, and the server from importing web code', () => {
    expect(reported('libToModule')).toEqual(['server-lib-to-module → src/server/modules/catalog/zz-probe-target.ts']);
    expect(reported('serverToWeb')).toEqual(['server-to-web → src/web/lib/utils.ts']);
  });

  it('keeps src/db from importing the server or the web app', () => {
    expect(reported('dbToServerAndWeb').sort()).toEqual([
      'db-to-server-or-web → src/server/errors.ts',
      'db-to-server-or-web → src/web/lib/utils.ts',
    ]);
  });

  it('refuses an import from one web feature into another, relative or by alias', () => {
    const to = 'web-feature-to-other-feature → src/web/features/catalog/zz-probe-target.ts';
    expect(reported('featureToFeature')).toEqual([to]);
    expect(reported('featureToFeatureByAlias')).toEqual([to]);
  });

  it('lets a feature import its own files, web lib, src/shared and browser packages', () => {
    expect(reported('featureToItselfAndShared')).toEqual([]);
  });

  it('fences a new web feature folder that no config names, both ways', () => {
    const to = 'web-feature-to-other-feature → src/web/features/catalog/zz-probe-target.ts';
    expect(reported('newFeatureToFeature')).toEqual([to]);
    expect(reported('newFeatureToFeatureByAlias')).toEqual([to]);
    expect(reported('featureToNewFeature')).toEqual([`web-feature-to-other-feature → ${NEW_FEATURE}/zz-probe.ts`]);
  });

  it('keeps the web components, lib and hooks from importing a feature', () => {
    expect(reported('webSharedToFeature')).toEqual(['web-shared-code-to-feature → src/web/features/catalog/zz-probe-target.ts']);
  });

  it('keeps the web app away from server and database code, type-only imports included', () => {
    expect(reported('webToServerAndDb').sort()).toEqual([
      'web-to-server-or-db → src/db/client.ts',
      'web-to-server-or-db → src/server/app.ts',
      'web-to-server-or-db → src/server/errors.ts',
    ]);
  });

  it('keeps server-only packages and Node built-ins out of the web app', () => {
    expect(reported('webToServerPackages').sort()).toEqual([
      'web-to-server-package → node_modules/@electric-sql/pglite',
      'web-to-server-package → node_modules/drizzle-orm',
      'web-to-server-package → node_modules/fastify',
      'web-to-server-package → node_modules/pg',
      'web-to-server-package → node_modules/stripe',
    ]);
    expect(reported('webToNodeBuiltin')).toEqual(['web-to-node-builtin → fs']);
  });

  it('lets src/shared import zod and itself, and nothing else', () => {
    expect(reported('sharedToOthers').sort()).toEqual([
      'shared-to-anything-but-zod → crypto',
      'shared-to-anything-but-zod → node_modules/react',
      'shared-to-anything-but-zod → src/db/client.ts',
      'shared-to-anything-but-zod → src/server/errors.ts',
      'shared-to-anything-but-zod → src/web/lib/utils.ts',
    ]);
    expect(reported('sharedToZodAndItself')).toEqual([]);
  });

  it('keeps test code, devDependencies and unlisted packages out of production code; test suites may use them', () => {
    expect(reported('productionToTests')).toEqual(['production-to-test-code → tests/factories.ts']);
    expect(reported('productionToDevDependency')).toEqual(['production-to-dev-dependency → node_modules/vitest']);
    expect(reported('productionToUnlistedPackage')).toEqual(['production-to-unlisted-package → node_modules/axe-core']);
    expect(reported('testSuiteToTestCode')).toEqual([]);
  });

  it('refuses an import it cannot resolve (it would escape every rule)', () => {
    expect(reported('unresolvable')).toEqual(['not-to-unresolvable → ./zz-no-such-file']);
  });

  it('refuses an import cycle', () => {
    expect(reported('cycleA')).toEqual([`no-circular → ${PROBES.cycleB[0]}`]);
  });

  it('refuses a cycle closed by a type-only import', () => {
    expect(reported('typeCycleA')).toEqual([`no-circular → ${PROBES.typeCycleB[0]}`]);
  });

  it('refuses a cycle closed by a lazy import()', () => {
    expect(reported('lazyCycleA')).toEqual([`no-circular → ${PROBES.lazyCycleB[0]}`]);
  });
});
