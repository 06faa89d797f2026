import { randomBytes } from 'node:crypto';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { createDb, type DbHandle } from '#db/client';

/**
 * A copy of the run's migrated PGlite data directory as `<into>/db`, where a server keeps it in its
 * DATA_DIR: copying the files takes a fraction of a second, where loading the dump into a new
 * directory starts an engine and untars it file by file (3–6 s).
 */
export function copyPgliteTemplate(into: string): string {
  const dataDir = path.join(into, 'db');
  cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
  return dataDir;
}

/** A fresh, migrated database for one test file: never shared, never mocked. */
export async function createTestDb(): Promise<DbHandle> {
  if (inject('dbKind') === 'pglite') {
    return createDb({ kind: 'pglite', loadDataDirPath: inject('pgliteTemplatePath') });
  }
  const templateUrl = new URL(inject('postgresTemplateUrl'));
  const templateName = templateUrl.pathname.slice(1);
  const name = `ga_test_${randomBytes(6).toString('hex')}`;
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  const admin = await createDb({ kind: 'postgres', url: adminUrl.toString(), poolSize: 1 });
  await admin.execute(`create database ${name} template ${templateName}`);
  const testUrl = new URL(templateUrl);
  testUrl.pathname = `/${name}`;
  const handle = await createDb({ kind: 'postgres', url: testUrl.toString(), poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.execute(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}
