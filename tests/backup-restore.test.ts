import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { create, extract, list } from 'tar';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '#db/client';
import { lockDataDir } from '#server/lib/data-dir-lock';
import { createLocalDiskStore } from '#server/lib/object-store/local-disk-store';
import { callOk } from './helpers/crash-api';
import { createTestDb } from './helpers/db';
import { PNG_BYTES } from './helpers/media-bytes';
import { cleanUpProcesses, migratedDataDir, type RunningServer, spawnEntry, startServer, tempDataDir } from './helpers/process';

// `npm run backup` and `npm run restore` as processes (built into dist/server/cli like the other
// tools), on the engine of this test project: the demo plus a course with an upload, a purchase and a
// certificate, backed up while the server runs, restored into an empty target, compared table by
// table and object by object, and served again.
const BACKUP = 'dist/server/cli/backup.js';
const RESTORE = 'dist/server/cli/restore.js';
const isPglite = inject('dbKind') === 'pglite';
const INVITE = 'backup-test-invite';
const CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' };

afterAll(cleanUpProcesses);

type Target = {
  dataDir: string;
  env: Record<string, string>;
  /** Every table as sorted row texts, read while no server runs on it. */
  tables: () => Promise<Map<string, string[]>>;
  /** Writes through SQL while no server runs on it. */
  write: (work: (pool: pg.Pool) => Promise<void>) => Promise<void>;
  dispose: () => Promise<void>;
};

async function readTables(pool: pg.Pool): Promise<Map<string, string[]>> {
  const names = await pool.query<{ relname: string }>(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  const tables = new Map<string, string[]>();
  for (const { relname } of names.rows) {
    const rows = await pool.query<{ row: string }>(`select t::text as row from public."${relname}" t`);
    tables.set(relname, rows.rows.map((row) => row.row).sort());
  }
  const migrations = await pool.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by id');
  tables.set(
    'drizzle.__drizzle_migrations',
    migrations.rows.map((row) => row.hash),
  );
  return tables;
}

function embeddedTarget(dataDir = tempDataDir()): Target {
  const withPool = async <T>(work: (pool: pg.Pool) => Promise<T>): Promise<T> => {
    const lock = lockDataDir(dataDir);
    const handle = await createDb({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    try {
      return await work(handle.pool);
    } finally {
      await handle.close();
      lock.release();
    }
  };
  return {
    dataDir,
    env: { DATABASE_URL: '' },
    tables: () => withPool(readTables),
    write: withPool,
    dispose: async () => {},
  };
}

/** An empty PostgreSQL database (not from the migrated template: restore wants nothing in it). */
async function emptyPostgresTarget(): Promise<Target> {
  // The template's server on the postgres project; TEST_DATABASE_URL's when embedded moves to PostgreSQL.
  const adminUrl = new URL(inject('postgresTemplateUrl') || String(process.env.TEST_DATABASE_URL));
  adminUrl.pathname = '/postgres';
  const name = `ga_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // The forced drop at the end ends its idle connections.
  pool.on('error', () => {});
  return {
    dataDir: tempDataDir(),
    env: { DATABASE_URL: url.toString() },
    tables: () => readTables(pool),
    write: (work) => work(pool),
    async dispose() {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A migrated PostgreSQL database from the run's template, as every PostgreSQL test file gets. */
async function postgresSource(): Promise<Target> {
  const handle = await createTestDb();
  return {
    dataDir: tempDataDir(),
    env: { DATABASE_URL: String(handle.connection.connectionString) },
    tables: () => readTables(handle.pool),
    write: (work) => work(handle.pool),
    dispose: () => handle.close(),
  };
}

/** Every file below `dir` with its size and modification time: what a refused restore must leave alone. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .sort()
    .map((name) => {
      const info = statSync(path.join(dir, name));
      return `${name} ${info.size} ${info.mtimeMs}`;
    });
}

/** Every file of the disk store (not its .tmp), relative path → bytes. */
function storedObjects(dataDir: string): Map<string, Buffer> {
  const root = path.join(dataDir, 'objects');
  const files = new Map<string, Buffer>();
  if (!existsSync(root)) return files;
  for (const name of readdirSync(root, { recursive: true }).map(String)) {
    const file = path.join(root, name);
    if (name.startsWith('.tmp') || !statSync(file).isFile()) continue;
    files.set(name, readFileSync(file));
  }
  return files;
}

type World = { courseId: string; thumbnail: string; studentToken: string; signingKeys: string[] };

/** The public keys a server's DID document lists (its DID names its own address, which differs per run). */
async function signingKeysOf(base: string): Promise<string[]> {
  const document = (await (await fetch(`${base}/.well-known/did.json`)).json()) as {
    verificationMethod: { publicKeyMultibase: string }[];
  };
  return document.verificationMethod.map((method) => method.publicKeyMultibase);
}

/** Over HTTP, as people would: a creator's paid course with an uploaded image, bought and finished by a student. */
async function buildWorld(base: string): Promise<World> {
  const creator = await callOk<{ token: string }>(base, 'POST', '/api/auth/signup', undefined, {
    email: 'creator@backup.test',
    password: 'backup-creator-pass',
    name: 'Backup creator',
    role: 'creator',
    inviteCode: INVITE,
  });
  const granted = await callOk<{ uploadURL: string }>(base, 'POST', '/api/objects/upload', creator.token, { kind: 'image' });
  const uploadUrl = granted.uploadURL.startsWith('http') ? granted.uploadURL : `${base}${granted.uploadURL}`;
  const stored = await fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG_BYTES });
  expect(stored.status).toBe(200);
  const { objectPath: thumbnail } = (await stored.json()) as { objectPath: string };
  const course = await callOk<{ id: string }>(base, 'POST', '/api/courses', creator.token, {
    title: 'Backups that restore',
    price: '24.50',
    thumbnail,
  });
  const module = await callOk<{ id: string }>(base, 'POST', `/api/courses/${course.id}/modules`, creator.token, {
    title: 'Archives',
  });
  const lessons: string[] = [];
  for (const title of ['Dump', 'Restore']) {
    const lesson = await callOk<{ id: string }>(base, 'POST', `/api/modules/${module.id}/lessons`, creator.token, {
      title,
      type: 'text',
      content: `<p>${title}</p>`,
    });
    lessons.push(lesson.id);
  }
  await callOk(base, 'POST', `/api/courses/${course.id}/publish`, creator.token, {});

  const student = await callOk<{ token: string }>(base, 'POST', '/api/auth/signup', undefined, {
    email: 'student@backup.test',
    password: 'backup-student-pass',
    name: 'Backup student',
  });
  const intent = await callOk<{ paymentIntentId: string }>(base, 'POST', '/api/create-payment-intent', student.token, {
    courseId: course.id,
  });
  await callOk(base, 'POST', `/api/test-payments/${intent.paymentIntentId}/confirm`, student.token, CARD);
  await callOk(base, 'POST', '/api/confirm-payment', student.token, {
    paymentIntentId: intent.paymentIntentId,
    courseId: course.id,
  });
  for (const lessonId of lessons) await callOk(base, 'POST', '/api/progress', student.token, { lessonId, completed: true });
  const certificate = await fetch(`${base}/api/courses/${course.id}/certificate`, {
    headers: { authorization: `Bearer ${student.token}` },
  });
  expect(certificate.status).toBe(200);
  expect(certificate.headers.get('content-type')).toContain('application/pdf');
  // Read whole: an answer left unread keeps its connection busy, and the server's stop waits for it.
  await certificate.arrayBuffer();
  return { courseId: course.id, thumbnail, studentToken: student.token, signingKeys: await signingKeysOf(base) };
}

type Manifest = {
  tables: { name: string; bytes: number; sha256: string }[];
  objects: { files: { path: string; size: number; sha256: string }[] };
};

async function manifestOf(archive: string): Promise<Manifest> {
  const chunks: Buffer[] = [];
  await list({
    file: archive,
    onReadEntry: (entry) => {
      if (entry.path === 'manifest.json') entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      else entry.resume();
    },
  });
  return JSON.parse(Buffer.concat(chunks).toString()) as Manifest;
}

async function stop(server: RunningServer) {
  server.child.kill('SIGTERM');
  expect(await server.exited, server.output()).toBe(0);
}

async function runTool(entry: string, file: string, env: Record<string, string>) {
  const run = spawnEntry(entry, [file], env);
  return { code: await run.exited, output: run.output().trim() };
}

/**
 * What the running server writes by itself after the backup, so the source read once it has stopped
 * may be ahead of the archive: the backup's hold on the purge (checked apart), a session's use
 * (stamped seconds later, lib/session-activity.ts), the schedules' last runs and the jobs they ran.
 */
const WRITTEN_AFTER_THE_BACKUP = new Set(['operation_holds', 'session_activity', 'job_schedules', 'jobs']);

/** The restored copy holds the same rows and objects, and the app serves it. */
async function expectSameAndServed(source: Target, sourceTables: Map<string, string[]>, restored: Target, world: World) {
  const restoredTables = await restored.tables();
  expect([...restoredTables.keys()]).toEqual([...sourceTables.keys()]);
  // The backup's hold on the purge is the source's own: released (only the purge's gate is left), and not restored.
  expect(sourceTables.get('operation_holds')?.every((row) => row.startsWith('(upload-purge,'))).toBe(true);
  expect(restoredTables.get('operation_holds')).toEqual([]);
  for (const [table, rows] of sourceTables) {
    if (!WRITTEN_AFTER_THE_BACKUP.has(table)) expect(restoredTables.get(table), table).toEqual(rows);
  }
  const objects = storedObjects(restored.dataDir);
  const sourceObjects = storedObjects(source.dataDir);
  // The upload and the certificate's PDF at least.
  expect(sourceObjects.size).toBeGreaterThanOrEqual(2);
  expect([...objects.keys()].sort()).toEqual([...sourceObjects.keys()].sort());
  for (const [name, bytes] of sourceObjects) expect(objects.get(name)?.equals(bytes), name).toBe(true);

  const server = await startServer(restored.dataDir, { ...restored.env, CREATOR_INVITE_CODE: INVITE });
  try {
    const course = await callOk<{ title: string; thumbnail: string }>(server.url, 'GET', `/api/courses/${world.courseId}`);
    expect(course.title).toBe('Backups that restore');
    const image = await fetch(`${server.url}${world.thumbnail}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    // The student's session and purchase came along: the certificate is theirs still.
    const certificate = await fetch(`${server.url}/api/courses/${world.courseId}/certificate`, {
      headers: { authorization: `Bearer ${world.studentToken}` },
    });
    expect(certificate.status).toBe(200);
    await certificate.arrayBuffer();
    // The credentials' signing key came along (kept in the app's secrets): the DID document lists the same key.
    expect(world.signingKeys).toHaveLength(1);
    expect(await signingKeysOf(server.url)).toEqual(world.signingKeys);
    const catalogue = await callOk<{ id: string }[]>(server.url, 'GET', '/api/courses');
    expect(catalogue.length).toBeGreaterThanOrEqual(7);
  } finally {
    await stop(server);
  }
}

describe('backup and restore', () => {
  it('round-trips the demo, an upload, a purchase and a certificate, backed up while the server runs', async () => {
    const source = isPglite ? embeddedTarget(await migratedDataDir()) : await postgresSource();
    const restored = isPglite ? embeddedTarget() : await emptyPostgresTarget();
    try {
      const env = { ...source.env, CREATOR_INVITE_CODE: INVITE, SEED_DEMO: 'true' };
      const server = await startServer(source.dataDir, env);
      const world = await buildWorld(server.url);
      const archive = path.join(tempDataDir(), 'academy.tar.gz');
      // The staging folder of a backup that was killed (its pid long gone) is swept away.
      mkdirSync(path.join(source.dataDir, '.backup-4000000-dead', 'objects'), { recursive: true });
      const backup = await runTool(BACKUP, archive, { ...source.env, DATA_DIR: source.dataDir });
      expect(readdirSync(source.dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
      expect(backup.output).toMatch(/^Backed up \d+ tables \(\d+ rows, read in \d+ ms\) and 2 stored objects/);
      expect(backup.code).toBe(0);
      // It holds password hashes and the app's secrets: its owner's alone.
      expect(statSync(archive).mode & 0o777).toBe(0o600);
      const manifest = await manifestOf(archive);
      expect(manifest.tables.map((table) => table.name)).not.toContain('operation_holds');
      for (const object of manifest.objects.files) {
        const bytes = storedObjects(source.dataDir).get(object.path.slice('objects/'.length));
        expect(object.sha256).toBe(
          createHash('sha256')
            .update(bytes ?? '')
            .digest('hex'),
        );
      }
      // Still serving, and a backup never overwrites a file.
      await callOk(server.url, 'GET', `/api/courses/${world.courseId}`);
      const again = await runTool(BACKUP, archive, { ...source.env, DATA_DIR: source.dataDir });
      expect(again).toEqual({
        code: 1,
        output: `${archive} exists already; choose a new file name (a backup never overwrites one).`,
      });
      await stop(server);
      const sourceTables = await source.tables();

      const restore = await runTool(RESTORE, archive, { ...restored.env, DATA_DIR: restored.dataDir });
      expect(restore.output).toMatch(/^Restored \d+ tables \(\d+ rows\) and 2 stored objects from /);
      expect(restore.code).toBe(0);
      await expectSameAndServed(source, sourceTables, restored, world);

      // Into a target that holds anything: refused, nothing changed.
      const before = filesOf(restored.dataDir);
      const refused = await runTool(RESTORE, archive, { ...restored.env, DATA_DIR: restored.dataDir });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(
        isPglite
          ? /^DATA_DIR .* is not empty; restore only into an empty or new DATA_DIR/
          : /^The database at DATABASE_URL is not empty/,
      );
      expect(filesOf(restored.dataDir)).toEqual(before);

      // Embedded to PostgreSQL is one restore of the same archive.
      if (isPglite && process.env.TEST_DATABASE_URL) {
        const moved = await emptyPostgresTarget();
        try {
          const intoPostgres = await runTool(RESTORE, archive, { ...moved.env, DATA_DIR: moved.dataDir });
          expect(intoPostgres.code, intoPostgres.output).toBe(0);
          await expectSameAndServed(source, sourceTables, moved, world);
        } finally {
          await moved.dispose();
        }
      }
    } finally {
      await source.dispose();
      await restored.dispose();
    }
  }, 180_000);

  it('writes no archive when an object the rows name is missing from the store, and says which in one line', async () => {
    const source = isPglite ? embeddedTarget(await migratedDataDir()) : await postgresSource();
    try {
      const key = `uploads/${randomUUID()}`;
      await source.write(async (pool) => {
        const [user] = (
          await pool.query<{ id: string }>(
            `insert into users (email, name, password_hash) values ('lost@backup.test', 'Lost', '!') returning id`,
          )
        ).rows;
        await pool.query(
          `insert into uploads (user_id, kind, grant_hash, object_key, content_type, size_bytes, expires_at, claimed_at, completed_at)
           values ($1, 'image', 'lost-grant', $2, 'image/png', 100, now(), now(), now())`,
          [user?.id, key],
        );
      });
      // Another object is there: the store exists, it just lacks this one (as if purged after the rows were read).
      await createLocalDiskStore({ root: path.join(source.dataDir, 'objects') }).put({
        key: 'images/present',
        body: Readable.from([PNG_BYTES]),
        contentType: 'image/png',
        maxBytes: PNG_BYTES.length,
      });
      const folder = tempDataDir();
      const archive = path.join(folder, 'incomplete.tar.gz');
      const run = await runTool(BACKUP, archive, { ...source.env, DATA_DIR: source.dataDir });
      expect(run.code).toBe(1);
      expect(run.output).toBe(
        `backup failed: 1 stored object the rows name is missing from ${path.join(source.dataDir, 'objects')} (${key}); no archive was written.`,
      );
      expect(readdirSync(folder)).toEqual([]);
      expect(readdirSync(source.dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
    } finally {
      await source.dispose();
    }
  }, 60_000);

  it.skipIf(!isPglite)(
    'refuses a damaged, foreign or unsafe archive with one line and touches nothing',
    async () => {
      const source = embeddedTarget(await migratedDataDir());
      const server = await startServer(source.dataDir, source.env);
      // A stored object no row names: the backup takes every file of the store.
      await createLocalDiskStore({ root: path.join(source.dataDir, 'objects') }).put({
        key: 'images/kept-as-is',
        body: Readable.from([PNG_BYTES]),
        contentType: 'image/png',
        maxBytes: PNG_BYTES.length,
      });
      const work = tempDataDir();
      const archive = path.join(work, 'good.tar.gz');
      const backup = await runTool(BACKUP, archive, { ...source.env, DATA_DIR: source.dataDir });
      expect(backup.code, backup.output).toBe(0);
      // A running server's DATA_DIR is not empty either: the good archive is refused there.
      const onBusy = await runTool(RESTORE, archive, { DATABASE_URL: '', DATA_DIR: source.dataDir });
      expect(onBusy.code).toBe(1);
      expect(onBusy.output).toMatch(/^A server is running on DATA_DIR /);
      await stop(server);
      // Without a server the tool opens the database itself. With S3 the objects stay in the bucket,
      // which the manifest says; without a database the tool says so.
      const offline = await runTool(BACKUP, path.join(work, 'offline.tar.gz'), {
        ...source.env,
        DATA_DIR: source.dataDir,
        S3_BUCKET: 'academy-uploads',
      });
      expect(offline.code, offline.output).toBe(0);
      expect(offline.output).toMatch(
        /^Backed up \d+ tables \(\d+ rows, read in \d+ ms\) and no stored objects \(S3 bucket academy-uploads\)/,
      );
      const offlineManifest: Buffer[] = [];
      await list({
        file: path.join(work, 'offline.tar.gz'),
        onReadEntry: (entry) => {
          if (entry.path === 'manifest.json') entry.on('data', (chunk: Buffer) => offlineManifest.push(chunk));
          else entry.resume();
        },
      });
      expect(JSON.parse(Buffer.concat(offlineManifest).toString())).toMatchObject({
        source: { engine: 'pglite', whileServing: false },
        objects: { store: 's3', files: [], note: expect.stringContaining('academy-uploads, which the operator versions') },
      });
      const nothing = tempDataDir();
      const none = await runTool(BACKUP, path.join(work, 'none.tar.gz'), { DATABASE_URL: '', DATA_DIR: nothing });
      expect(none).toEqual({ code: 1, output: `DATA_DIR ${nothing} holds no database to back up.` });
      const usage = spawnEntry(BACKUP, [], { DATA_DIR: nothing });
      expect(await usage.exited).toBe(2);
      expect(usage.output()).toMatch(/^Usage: npm run backup -- <file>/);

      const bytes = readFileSync(archive);
      const flipped = Buffer.from(bytes);
      const middle = Math.floor(flipped.length / 2);
      flipped[middle] = (flipped[middle] ?? 0) ^ 0xff;
      writeFileSync(path.join(work, 'flipped.tar.gz'), flipped);
      writeFileSync(path.join(work, 'truncated.tar.gz'), bytes.subarray(0, Math.floor(bytes.length * 0.7)));
      writeFileSync(path.join(work, 'empty.tar.gz'), Buffer.alloc(0));

      // Archives made by hand: a real manifest beside an entry escaping the target, or an absolute one.
      const crafted = path.join(work, 'crafted', 'inner');
      mkdirSync(crafted, { recursive: true });
      const chunks: Buffer[] = [];
      await list({
        file: archive,
        onReadEntry: (entry) => {
          if (entry.path === 'manifest.json') entry.on('data', (chunk: Buffer) => chunks.push(chunk));
          else entry.resume();
        },
      });
      writeFileSync(path.join(crafted, 'manifest.json'), Buffer.concat(chunks));
      writeFileSync(path.join(work, 'crafted', 'escape.txt'), 'outside');
      await create({ gzip: true, file: path.join(work, 'dotdot.tar.gz'), cwd: crafted, preservePaths: true }, [
        'manifest.json',
        '../escape.txt',
      ]);
      await create({ gzip: true, file: path.join(work, 'absolute.tar.gz'), cwd: crafted, preservePaths: true }, [
        'manifest.json',
        path.join(work, 'crafted', 'escape.txt'),
      ]);
      writeFileSync(path.join(crafted, 'notes.txt'), 'not a backup');
      await create({ gzip: true, file: path.join(work, 'foreign.tar.gz'), cwd: crafted }, ['notes.txt']);
      copyFileSync(path.join(crafted, 'manifest.json'), path.join(work, 'manifest.json'));
      // The real archive unpacked and packed again with one change: a row slipped in, or a newer schema.
      const unpacked = path.join(work, 'unpacked');
      mkdirSync(unpacked);
      await extract({ file: archive, cwd: unpacked });
      const repack = (name: string) =>
        create({ gzip: true, file: path.join(work, name), cwd: unpacked }, ['manifest.json', 'database', 'objects']);
      const usersFile = path.join(unpacked, 'database', 'users.jsonl');
      const users = readFileSync(usersFile, 'utf8');
      writeFileSync(usersFile, `${users}${JSON.stringify(['00000000-0000-4000-8000-000000000001', 'mallory@forged.test'])}\n`);
      await repack('edited-row.tar.gz');
      writeFileSync(usersFile, users);
      // The rows of a table that has some, the same number of bytes with one of them changed.
      const tableWithRows = readdirSync(path.join(unpacked, 'database'))
        .map((name) => path.join(unpacked, 'database', name))
        .find((file) => statSync(file).size > 0);
      if (!tableWithRows) throw new Error('the archive holds no rows');
      const rows = readFileSync(tableWithRows);
      const changedRows = Buffer.from(rows);
      changedRows[1] = (changedRows[1] ?? 0) ^ 0x01;
      writeFileSync(tableWithRows, changedRows);
      await repack('changed-row.tar.gz');
      writeFileSync(tableWithRows, rows);
      const manifestFile = path.join(unpacked, 'manifest.json');
      const manifestText = readFileSync(manifestFile, 'utf8');
      const manifest = JSON.parse(manifestText) as Manifest & { version: number; migrations: { count: number } };
      const withManifest = async (name: string, changed: object | string) => {
        writeFileSync(manifestFile, typeof changed === 'string' ? changed : JSON.stringify(changed));
        await repack(name);
        writeFileSync(manifestFile, manifestText);
      };
      await withManifest('newer.tar.gz', { ...manifest, migrations: { ...manifest.migrations, count: 9999 } });
      await withManifest('format-1.tar.gz', { ...manifest, version: 1 });
      // A few KB of gzip each, that would unpack to 65 MiB of manifest or a petabyte of rows.
      await withManifest('huge-manifest.tar.gz', `${manifestText}${' '.repeat(65 * 1024 * 1024)}`);
      const petabyte = manifest.tables.map((table) => (table.name === 'users' ? { ...table, bytes: 2 ** 50 } : table));
      await withManifest('petabyte.tar.gz', { ...manifest, tables: petabyte });
      // One row of 17 MiB, its size and checksum declared: over the cap on one row.
      const longRow = `${users}${JSON.stringify(['x'.repeat(17 * 1024 * 1024)])}\n`;
      writeFileSync(usersFile, longRow);
      const longTables = manifest.tables.map((table) =>
        table.name === 'users'
          ? { ...table, bytes: Buffer.byteLength(longRow), sha256: createHash('sha256').update(longRow).digest('hex') }
          : table,
      );
      await withManifest('long-row.tar.gz', { ...manifest, tables: longTables });
      writeFileSync(usersFile, users);
      // The stored object with one byte changed, its size the same.
      const [object] = manifest.objects.files;
      if (!object) throw new Error('the archive holds no object');
      const objectFile = path.join(unpacked, object.path);
      const objectBytes = readFileSync(objectFile);
      const changedObject = Buffer.from(objectBytes);
      changedObject[changedObject.length - 1] = (changedObject.at(-1) ?? 0) ^ 0x01;
      writeFileSync(objectFile, changedObject);
      await repack('changed-object.tar.gz');
      writeFileSync(objectFile, objectBytes);

      const cases: [string, RegExp][] = [
        ['flipped.tar.gz', /is damaged/],
        ['truncated.tar.gz', /is damaged/],
        ['empty.tar.gz', /is (damaged|not a Gradient Academy backup)/],
        ['foreign.tar.gz', /is not a Gradient Academy backup/],
        ['manifest.json', /is (damaged|not a Gradient Academy backup)/],
        ['dotdot.tar.gz', /has an entry with an unsafe path \("\.\.\/escape\.txt"\); nothing was restored\.$/],
        [
          'edited-row.tar.gz',
          /is refused: database\/users\.jsonl is \d+ bytes, over the cap of \d+ bytes its manifest declares for it; nothing was restored\.$/,
        ],
        ['changed-row.tar.gz', /is damaged: the rows of table [a-z_]+ do not match their checksum\.$/],
        ['changed-object.tar.gz', /is damaged: the stored object objects\/[0-9a-f/]+ does not match its checksum\.$/],
        [
          'huge-manifest.tar.gz',
          /is refused: its manifest\.json is \d+ bytes, over the cap of 64 MiB on a manifest; nothing was restored\.$/,
        ],
        [
          'petabyte.tar.gz',
          /is refused: its manifest declares \d+ bytes of rows and objects, over the \d+ bytes free in \/.*; nothing was restored\.$/,
        ],
        [
          'long-row.tar.gz',
          /is refused: a row of table users is \d+ bytes, over the cap of 16 MiB on one row; nothing was restored\.$/,
        ],
        [
          'format-1.tar.gz',
          /is an archive of format 1, without the checksums of its objects .*; restore it with the version that made it\.$/,
        ],
        [
          'newer.tar.gz',
          /was made by a newer version of Gradient Academy \(9999 migrations, this one has \d+\); restore it with that version\.$/,
        ],
        ['absolute.tar.gz', /has an entry with an unsafe path \("\/.*escape\.txt"\); nothing was restored\.$/],
      ];
      for (const [name, message] of cases) {
        const target = path.join(tempDataDir(), 'never-made');
        const run = await runTool(RESTORE, path.join(work, name), { DATABASE_URL: '', DATA_DIR: target });
        expect(run.code, `${name}: ${run.output}`).toBe(1);
        expect(run.output.split('\n'), name).toHaveLength(1);
        expect(run.output, name).toMatch(message);
        expect(existsSync(target), name).toBe(false);
      }
      expect(existsSync(path.join(work, 'escape.txt'))).toBe(false);
      expect(readFileSync(path.join(work, 'crafted', 'escape.txt'), 'utf8')).toBe('outside');
    },
    120_000,
  );
});
