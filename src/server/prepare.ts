import { mkdirSync } from 'node:fs';
import { createDb } from '#db/client';
import { loadConfig } from './env';
import { prepareDatabase } from './prepare-database';

/**
 * Short-lived step run by server.ts in a child process when the embedded database does not exist
 * yet: creating and migrating a new PGlite database peaks near 800 MB, and this way that memory is
 * returned to the system before the server starts serving.
 */
async function createEmbeddedDatabase(): Promise<void> {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const handle = await createDb({ kind: 'pglite', dataDir: `${config.dataDir}/db`, fsync: config.embeddedFsync });
  try {
    await prepareDatabase({ handle, config });
  } finally {
    await handle.close();
  }
}

await createEmbeddedDatabase().catch((error: unknown) => {
  console.error(`Database preparation failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
