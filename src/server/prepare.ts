import { mkdirSync } from 'node:fs';
import { createDb } from '#db/client';
import { migrateDb } from '#db/migrate';
import { seedDemo } from '#db/seed/index';
import { loadConfig } from './env';
import { hashPassword } from './lib/passwords';

/**
 * Short-lived step run by server.ts in a child process before the server opens the database:
 * creating and migrating a new PGlite database peaks near 800 MB, and this way that memory is
 * returned to the system before the server starts serving.
 */
export async function prepareDatabase(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const handle = config.databaseUrl
    ? await createDb({ kind: 'postgres', url: config.databaseUrl, poolSize: 1 })
    : await createDb({ kind: 'pglite', dataDir: `${config.dataDir}/db` });
  try {
    await migrateDb(handle);
    if (config.seedDemo) {
      const result = await seedDemo({ db: handle.db, hashPassword });
      if (result.created) {
        console.log(`Seeded ${result.courses} demo courses.`);
        for (const account of result.accounts) {
          console.log(`Demo ${account.role}: ${account.email} / ${account.password}`);
        }
      }
    }
  } finally {
    await handle.close();
  }
}

await prepareDatabase().catch((error: unknown) => {
  console.error(`Database preparation failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
