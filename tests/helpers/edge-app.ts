import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DbHandle } from '#db/client';
import { type App, type BuildAppOptions, buildApp } from '#server/app';
import { type Config, loadConfig } from '#server/env';
import { CapturingMailer } from './app';
import { createTestDb } from './db';

/**
 * Like createTestApp, but for tests of the HTTP edge: it can pass a logger, configuration
 * that is not in Config yet, and test-only routes added before `ready()`.
 */
export type EdgeAppOptions = {
  config?: Partial<Config> & Record<string, unknown>;
  logger?: BuildAppOptions['logger'];
  routes?: (app: App) => void;
  db?: DbHandle;
};

export type EdgeApp = {
  app: App;
  db: DbHandle;
  /** Listens on a random loopback port; for tests that need a real socket. */
  listen: () => Promise<{ port: number; url: string }>;
  close: () => Promise<void>;
};

export async function createEdgeApp(options: EdgeAppOptions = {}): Promise<EdgeApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-edge-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    ...options.config,
  } as Config;
  const db = options.db ?? (await createTestDb());
  const app = await buildApp({ config, db, mailer: new CapturingMailer(), logger: options.logger ?? false });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    db,
    listen: async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      return { port, url: `http://127.0.0.1:${port}` };
    },
    close: async () => {
      await app.close();
      if (!options.db) await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
