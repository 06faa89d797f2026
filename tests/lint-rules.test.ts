import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

// The layer rules of STYLE.md, proven on probe files written into the tree for the moment of the
// check (Biome applies its per-folder rules by path). Once per run: the rules do not depend on the database.
const runsHere = inject('dbKind') === 'pglite';

function lint(file: string, source: string): string {
  const absolute = path.resolve(file);
  writeFileSync(absolute, source);
  try {
    const result = spawnSync('node_modules/.bin/biome', ['lint', '--max-diagnostics=5', file], { encoding: 'utf8' });
    return `${result.stdout}${result.stderr}`;
  } finally {
    rmSync(absolute, { force: true });
  }
}

const RESTRICTED = 'lint/style/noRestrictedImports';

describe.skipIf(!runsHere)('lint layer rules', () => {
  it('refuse an import from one server module into another, relative or by alias', () => {
    expect(
      lint(
        'src/server/modules/enrollment/zz-probe.ts',
        "import { getVisibleCourse } from '../catalog/catalog.service';\nexport const probe = getVisibleCourse;\n",
      ),
    ).toContain(RESTRICTED);
    expect(
      lint(
        'src/server/modules/catalog/zz-probe.ts',
        "import { logIn } from '#server/modules/auth/auth.service';\nexport const probe = logIn;\n",
      ),
    ).toContain(RESTRICTED);
  });

  it('let a server module import shared code from lib', () => {
    expect(
      lint(
        'src/server/modules/catalog/zz-probe.ts',
        "import { getCourseAccess } from '../../lib/course-access';\nexport const probe = getCourseAccess;\n",
      ),
    ).not.toContain(RESTRICTED);
  });

  it('refuse an import from one web feature into another', () => {
    expect(
      lint(
        'src/web/features/enrollment/zz-probe.ts',
        "import { useCourse } from '../catalog/api/get-course';\nexport const probe = useCourse;\n",
      ),
    ).toContain(RESTRICTED);
    expect(
      lint(
        'src/web/features/auth/zz-probe.ts',
        "import { useCourse } from '#web/features/catalog/api/get-course';\nexport const probe = useCourse;\n",
      ),
    ).toContain(RESTRICTED);
  });

  it('keep the web app away from the server and the database', () => {
    expect(
      lint('src/web/features/catalog/zz-probe.ts', "import { buildApp } from '#server/app';\nexport const probe = buildApp;\n"),
    ).toContain(RESTRICTED);
  });

  it('refuse import cycles', () => {
    const a = path.resolve('src/server/lib/zz-cycle-a.ts');
    writeFileSync(a, "import { b } from './zz-cycle-b';\nexport const a = () => b;\n");
    try {
      expect(lint('src/server/lib/zz-cycle-b.ts', "import { a } from './zz-cycle-a';\nexport const b = () => a;\n")).toContain(
        'lint/suspicious/noImportCycles',
      );
    } finally {
      rmSync(a, { force: true });
    }
  });
});
