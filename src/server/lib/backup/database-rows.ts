import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type pg from 'pg';
import type { BackupManifest } from './backup-manifest';

/*
 * The database as rows (ADR 0040), the same on both engines: read inside one REPEATABLE READ
 * transaction (a consistent snapshot), every value in PostgreSQL's text form, and loaded back through
 * each column type's input function. The schema itself is not copied: it is the app's migrations,
 * applied up to the archive's level before the rows and past it after them.
 */

/** Leaves every value as PostgreSQL sent it, in text: nothing is lost to JavaScript numbers or dates. */
const AS_TEXT = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;
const FETCH_ROWS = 1000;
const INSERT_ROWS = 500;
/** A batch of rows is sent once it holds this much text, however few rows that is. */
const INSERT_BYTES = 8 * 1024 * 1024;

/**
 * Tables that describe the running instances, not the data: `operation_holds` holds the backup's own
 * hold when the snapshot is read (operation-holds.ts), which must not come back with a restore.
 */
const NOT_BACKED_UP = new Set(['operation_holds']);

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Query = (text: string, values?: unknown[]) => Promise<unknown[][]>;

function textQuery(client: pg.ClientBase): Query {
  return async (text, values) => (await client.query({ text, values, rowMode: 'array', types: AS_TEXT })).rows as unknown[][];
}

/** The app's tables (schema public) and their stored columns (generated ones are computed again). */
export async function listTables(client: pg.ClientBase): Promise<{ name: string; columns: string[] }[]> {
  const rows = await textQuery(client)(
    `select c.relname, array_agg(a.attname::text order by a.attnum)::text
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      group by c.relname
      order by c.relname`,
  );
  return rows.map(([name, columns]) => ({ name: String(name), columns: parseNameArray(String(columns)) }));
}

/** `{a,b,"c d"}` → names; the app's identifiers are plain, so quotes never occur in practice. */
function parseNameArray(text: string): string[] {
  return text
    .slice(1, -1)
    .split(',')
    .map((name) => name.replace(/^"(.*)"$/, '$1'));
}

export async function migrationLevel(client: pg.ClientBase): Promise<BackupManifest['migrations']> {
  const query = textQuery(client);
  const [[exists]] = (await query(`select to_regclass('drizzle.__drizzle_migrations') is not null`)) as [[string]];
  if (exists !== 't') return { count: 0, lastCreatedAt: null };
  const [[count, last]] = (await query('select count(*), max(created_at) from drizzle.__drizzle_migrations')) as [
    [string, string | null],
  ];
  return { count: Number(count), lastCreatedAt: last };
}

async function listSequences(client: pg.ClientBase): Promise<BackupManifest['sequences']> {
  const query = textQuery(client);
  const names = await query(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const sequences: BackupManifest['sequences'] = [];
  for (const [name] of names) {
    const [[lastValue, isCalled]] = (await query(`select last_value, is_called from public.${quoteIdent(String(name))}`)) as [
      [string, string],
    ];
    sequences.push({ name: String(name), lastValue, isCalled: isCalled === 't' });
  }
  return sequences;
}

/**
 * Writes each table as `<dir>/<table>.jsonl`, all read in one snapshot. On PostgreSQL the snapshot
 * blocks no one; on the embedded engine the transaction holds its one session until the dump ends.
 */
export async function dumpDatabase(
  client: pg.ClientBase,
  dir: string,
): Promise<Pick<BackupManifest, 'tables' | 'sequences' | 'migrations'> & { serverVersion: string }> {
  const query = textQuery(client);
  await client.query('begin isolation level repeatable read read only');
  try {
    const [[serverVersion]] = (await query('show server_version')) as [[string]];
    const migrations = await migrationLevel(client);
    const tables: BackupManifest['tables'] = [];
    for (const table of await listTables(client)) {
      if (NOT_BACKED_UP.has(table.name)) continue;
      const hash = createHash('sha256');
      const file = createWriteStream(path.join(dir, `${table.name}.jsonl`));
      let bytes = 0;
      const write = async (text: string) => {
        hash.update(text);
        bytes += Buffer.byteLength(text);
        if (!file.write(text)) await once(file, 'drain');
      };
      let rows = 0;
      const columns = table.columns.map(quoteIdent).join(', ');
      // One cursor per table, closed by the commit: every statement here is a turn the app waits for.
      const cursor = `ga_backup_${tables.length}`;
      await client.query(`declare ${cursor} no scroll cursor for select ${columns} from public.${quoteIdent(table.name)}`);
      for (;;) {
        const batch = await query(`fetch forward ${FETCH_ROWS} from ${cursor}`);
        rows += batch.length;
        if (batch.length > 0) await write(batch.map((row) => `${JSON.stringify(row)}\n`).join(''));
        if (batch.length < FETCH_ROWS) break;
      }
      file.end();
      await once(file, 'close');
      tables.push({ name: table.name, columns: table.columns, rows, bytes, sha256: hash.digest('hex') });
    }
    const sequences = await listSequences(client);
    await client.query('commit');
    return { tables, sequences, migrations, serverVersion };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

/**
 * Loads the archive's rows into freshly migrated, empty tables, in one transaction. Triggers stay
 * quiet (session_replication_role = replica): counts and search documents the database keeps are
 * rows of the archive already, and foreign keys hold because the rows came from one snapshot.
 */
export async function loadDatabase(client: pg.ClientBase, dir: string, manifest: BackupManifest): Promise<number> {
  const query = textQuery(client);
  const target = new Map((await listTables(client)).map((table) => [table.name, table.columns]));
  let loaded = 0;
  await client.query('begin');
  try {
    await client.query('set local session_replication_role = replica');
    for (const table of manifest.tables) {
      const columns = target.get(table.name);
      if (!columns || columns.join(',') !== table.columns.join(',')) {
        throw new Error(
          `table ${table.name} of the archive does not match this database's (${columns?.join(', ') ?? 'missing'})`,
        );
      }
      const types = await query(
        `select format_type(a.atttypid, a.atttypmod), a.attidentity
           from unnest($1::text[]) with ordinality as c(name, n)
           join pg_attribute a on a.attrelid = $2::regclass and a.attname = c.name
          order by c.n`,
        [table.columns, `public.${quoteIdent(table.name)}`],
      );
      const hasIdentity = types.some(([, identity]) => identity !== '');
      const aliases = table.columns.map((_, i) => `c${i}`);
      const insert = `insert into public.${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(', ')})
        ${hasIdentity ? 'overriding system value' : ''}
        select ${types.map(([type], i) => `u.c${i}::${type}`).join(', ')}
          from unnest(${aliases.map((_, i) => `$${i + 1}::text[]`).join(', ')}) as u(${aliases.join(', ')})`;
      let batch: unknown[][] = [];
      let batchBytes = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        const byColumn = table.columns.map((_, i) => batch.map((row) => row[i]));
        await client.query(insert, byColumn);
        loaded += batch.length;
        batch = [];
        batchBytes = 0;
      };
      // Each line was checked against MAX_ROW_BYTES when the archive was verified.
      const lines = createInterface({ input: createReadStream(path.join(dir, `${table.name}.jsonl`)), crlfDelay: Infinity });
      for await (const line of lines) {
        if (line === '') continue;
        batch.push(JSON.parse(line) as unknown[]);
        batchBytes += line.length;
        if (batch.length >= INSERT_ROWS || batchBytes >= INSERT_BYTES) await flush();
      }
      await flush();
    }
    for (const sequence of manifest.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        `public.${quoteIdent(sequence.name)}`,
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await client.query('commit');
    return loaded;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

/** Whether the database holds nothing of anyone's: no table, view, sequence or index outside the system's schemas. */
export async function isEmptyDatabase(client: pg.ClientBase): Promise<boolean> {
  const [[count]] = (await textQuery(client)(
    `select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
  )) as [[string]];
  return count === '0';
}
