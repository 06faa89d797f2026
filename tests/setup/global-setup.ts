import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '#db/client';
import { migrateDb } from '#db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    pgliteTemplatePath: string;
    pgliteTemplateDir: string;
    postgresTemplateUrl: string;
  }
}

/**
 * Creating and migrating a database is the slow part (~5 s on PGlite), so it happens once per run:
 * PGlite gets a migrated data directory on disk that every test file copies (as the server keeps
 * its database in DATA_DIR/db) and a dump of it; PostgreSQL gets a template database that every
 * test file clones with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
  project.provide('dbKind', kind);
  if (kind === 'pglite') {
    const dir = path.join(os.tmpdir(), 'gradient-academy-tests');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `template-${process.pid}.tar`);
    const dataDir = path.join(dir, `template-${process.pid}`);
    rmSync(dataDir, { recursive: true, force: true });
    // Made the way the app makes its database: PGlite in its worker, migrated over node-postgres.
    const handle = await createDb({ kind: 'pglite', dataDir });
    await migrateDb(handle);
    await handle.embedded?.dump(file);
    await handle.close();
    project.provide('pgliteTemplatePath', file);
    project.provide('pgliteTemplateDir', dataDir);
    project.provide('postgresTemplateUrl', '');
    return () => {
      rmSync(file, { force: true });
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const templateName = `ga_template_${process.pid}`;
  const admin = await createDb({ kind: 'postgres', url: baseUrl, poolSize: 1 });
  await admin.execute(`drop database if exists ${templateName}`);
  await admin.execute(`create database ${templateName}`);
  const templateUrl = withDatabase(baseUrl, templateName);
  const template = await createDb({ kind: 'postgres', url: templateUrl, poolSize: 1 });
  await migrateDb(template);
  await template.close();
  project.provide('postgresTemplateUrl', templateUrl);
  project.provide('pgliteTemplatePath', '');
  project.provide('pgliteTemplateDir', '');
  return async () => {
    await admin.execute(`drop database if exists ${templateName} with (force)`);
    await admin.close();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
