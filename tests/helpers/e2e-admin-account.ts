/**
 * Run by scripts/e2e-server.mjs before the server opens DATA_DIR: makes (migrating a new database
 * first) the plain student account that `npm run admin` then promotes, as an operator would sign up
 * and run it. Only the end-to-end server does this; its email and password are E2E_ADMIN_EMAIL and
 * E2E_ADMIN_PASSWORD.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createDb } from '#db/client';
import { migrateDb } from '#db/migrate';
import { users } from '#db/schema/index';
import { lockDataDir } from '#server/lib/data-dir-lock';
import { hashPassword } from '#server/lib/passwords';

const dataDir = process.env.DATA_DIR ?? '';
const email = process.env.E2E_ADMIN_EMAIL ?? '';
const password = process.env.E2E_ADMIN_PASSWORD ?? '';
if (!dataDir || !email || !password) throw new Error('DATA_DIR, E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD are needed');

mkdirSync(dataDir, { recursive: true });
const lock = lockDataDir(dataDir);
const handle = await createDb({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
try {
  await migrateDb(handle);
  await handle.db
    .insert(users)
    .values({ email, name: 'Ada Admin', role: 'student', passwordHash: await hashPassword(password) })
    .onConflictDoNothing();
} finally {
  await handle.close();
  lock.release();
}
