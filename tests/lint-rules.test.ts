import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';

// The layer rules of STYLE.md, proven on probe files written into the tree for the moment of the
// check (Biome applies its per-folder rules by path). Once per run: the rules do not depend on the database.
const runsHere = inject('dbKind') === 'pglite';

const PROBES = {
  moduleToModule: [
    'src/server/modules/enrollment/zz-probe.ts',
    "import { getVisibleCourse } from '../catalog/catalog.service';\nexport const probe = getVisibleCourse;\n",
  ],
  moduleToModuleByAlias: [
    'src/server/modules/catalog/zz-probe-alias.ts',
    "import { logIn } from '#server/modules/auth/auth.service';\nexport const probe = logIn;\n",
  ],
  moduleToLib: [
    'src/server/modules/catalog/zz-probe-lib.ts',
    "import { getCourseAccess } from '../../lib/course-access';\nexport const probe = getCourseAccess;\n",
  ],
  featureToFeature: [
    'src/web/features/enrollment/zz-probe.ts',
    "import { useCourse } from '../catalog/api/get-course';\nexport const probe = useCourse;\n",
  ],
  featureToFeatureByAlias: [
    'src/web/features/auth/zz-probe.ts',
    "import { useCourse } from '#web/features/catalog/api/get-course';\nexport const probe = useCourse;\n",
  ],
  webToServer: [
    'src/web/features/catalog/zz-probe.ts',
    "import { buildApp } from '#server/app';\nexport const probe = buildApp;\n",
  ],
  cycleA: ['src/server/lib/zz-cycle-a.ts', "import { b } from './zz-cycle-b';\nexport const a = () => b;\n"],
  cycleB: ['src/server/lib/zz-cycle-b.ts', "import { a } from './zz-cycle-a';\nexport const b = () => a;\n"],
} as const satisfies Record<string, readonly [string, string]>;

const RESTRICTED = 'lint/style/noRestrictedImports';
/** The rules Biome reported on each probe. One run for all: each run scans the project (~6 s). */
const reported = new Map<keyof typeof PROBES, string[]>();

beforeAll(() => {
  if (!runsHere) return;
  const probes = Object.entries(PROBES) as [keyof typeof PROBES, readonly [string, string]][];
  for (const [, [file, source]] of probes) writeFileSync(path.resolve(file), source);
  try {
    const files = probes.map(([, [file]]) => file);
    const result = spawnSync('node_modules/.bin/biome', ['lint', '--max-diagnostics=100', ...files], { encoding: 'utf8' });
    const output = `${result.stdout}${result.stderr}`;
    for (const [name, [file]] of probes) {
      const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      reported.set(
        name,
        [...output.matchAll(new RegExp(`^${escaped}:\\d+:\\d+ (\\S+)`, 'gm'))].map((match) => match[1] ?? ''),
      );
    }
  } finally {
    for (const [, [file]] of probes) rmSync(path.resolve(file), { force: true });
  }
});

describe.skipIf(!runsHere)('lint layer rules', () => {
  it('refuse an import from one server module into another, relative or by alias', () => {
    expect(reported.get('moduleToModule')).toContain(RESTRICTED);
    expect(reported.get('moduleToModuleByAlias')).toContain(RESTRICTED);
  });

  it('let a server module import shared code from lib', () => {
    expect(reported.get('moduleToLib')).not.toContain(RESTRICTED);
  });

  it('refuse an import from one web feature into another', () => {
    expect(reported.get('featureToFeature')).toContain(RESTRICTED);
    expect(reported.get('featureToFeatureByAlias')).toContain(RESTRICTED);
  });

  it('keep the web app away from the server and the database', () => {
    expect(reported.get('webToServer')).toContain(RESTRICTED);
  });

  it('refuse import cycles', () => {
    expect([...(reported.get('cycleA') ?? []), ...(reported.get('cycleB') ?? [])]).toContain('lint/suspicious/noImportCycles');
  });
});
