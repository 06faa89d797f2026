import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '#db/client';
import { buildApp, type TestPlugin } from './app';
import { ConfigError, loadConfig } from './env';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { publishServerSocket } from './lib/server-socket';
import { prepareDatabase } from './prepare-database';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function findWebDir(): string | undefined {
  // Bundled: dist/server/server.js beside dist/web. From source (tsx): the build in dist/web, never src/web.
  const candidate = import.meta.url.endsWith('.ts') ? '../../dist/web' : '../web';
  const dir = fileURLToPath(new URL(candidate, import.meta.url));
  return existsSync(`${dir}/index.html`) ? dir : undefined;
}

function runPrepareStep(): Promise<void> {
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const entry = fileURLToPath(new URL(`./prepare${extension}`, import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, entry], { stdio: 'inherit', env: process.env });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`database preparation exited with ${code}`))));
  });
}

/**
 * The whole server: configuration, the data directory's lock, the database, the app, listening and
 * a graceful stop. server.ts runs it as it is; the end-to-end server (scripts/e2e-server.mjs) adds
 * its test-only routes.
 */
export async function startServer({ testPlugin }: { testPlugin?: TestPlugin } = {}) {
  const startedAt = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = { ...loadConfig(), webDir: findWebDir() };
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let lock: { release: () => void } | undefined;
  if (!config.databaseUrl) {
    try {
      lock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }

  // A new embedded database is created in a short-lived child (it peaks near 800 MB); an existing
  // one, or PostgreSQL, is migrated (and seeded if empty) on the server's own connection.
  const isNewEmbedded = !config.databaseUrl && !existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'));
  if (isNewEmbedded) {
    try {
      await runPrepareStep();
    } catch (error) {
      lock?.release();
      fail(error instanceof Error ? error.message : String(error));
    }
  }

  const db = config.databaseUrl
    ? await createDb({ kind: 'postgres', url: config.databaseUrl })
    : await createDb({
        kind: 'pglite',
        dataDir: `${config.dataDir}/db`,
        fsync: config.embeddedFsync,
        // Without its database the server can only fail requests: stop, so a supervisor restarts it.
        onExit: (error) => {
          console.error(`The embedded database stopped: ${error.message}`);
          lock?.release();
          process.exit(1);
        },
      });
  if (!isNewEmbedded) {
    try {
      await prepareDatabase({ handle: db, config });
    } catch (error) {
      await db.close();
      lock?.release();
      fail(`Database preparation failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const unpublishSocket = db.embedded ? publishServerSocket(config.dataDir, db.embedded.socketDir) : () => {};
  const app = await buildApp({ config, db, ...(testPlugin ? { testPlugin } : {}) });
  if (!config.webDir) app.log.warn('web app not built (dist/web missing): serving the API only; run `npm run build`');

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      lock?.release();
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await app.close();
      await db.close();
    } finally {
      unpublishSocket();
      lock?.release();
    }
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await db.close();
    lock?.release();
    fail(`Could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  app.log.info(
    { url: config.publicUrl, database: db.kind, startupMs: Math.round(performance.now() - startedAt) },
    `Gradient Academy is serving on ${config.publicUrl}`,
  );
}
