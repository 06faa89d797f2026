import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDb, type DbHandle } from '#db/client';

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
