import { z } from 'zod';
import { createDb, type DbHandle } from '#db/client';
import { type Config, ConfigError, loadConfig } from '../env';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';

/* What the one-email command-line tools (`npm run invite`, `npm run admin`) share. */

export function exit(code: number, message: string): never {
  console.error(message);
  process.exit(code);
}

/** The server's configuration from the environment, or its one-line error and exit code 1. */
export function loadCliConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) exit(1, error.message);
    throw error;
  }
}

/** The one email argument (an npm `--` is skipped), or the usage line and exit code 2. */
export function parseEmailArgument(args: string[], usage: string): string {
  const values = args.filter((arg) => arg !== '--');
  const parsed = z.string().trim().max(254).pipe(z.email()).safeParse(values[0]);
  if (values.length !== 1 || !parsed.success) exit(2, usage);
  return parsed.data;
}

/**
 * The app's database: PostgreSQL at DATABASE_URL (one connection: the migration lock is per
 * connection), or the embedded one in DATA_DIR, which only one process may open: while the server
 * runs on it, the tool stops with `whileRunning`.
 */
export async function openCliDatabase(config: Config, whileRunning: string): Promise<{ handle: DbHandle; release: () => void }> {
  if (config.databaseUrl) {
    return { handle: await createDb({ kind: 'postgres', url: config.databaseUrl, poolSize: 1 }), release: () => {} };
  }
  let lock: { release: () => void };
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) exit(1, `The server is running on DATA_DIR ${config.dataDir}; ${whileRunning}`);
    throw error;
  }
  try {
    return {
      handle: await createDb({ kind: 'pglite', dataDir: `${config.dataDir}/db`, fsync: config.embeddedFsync }),
      release: lock.release,
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
