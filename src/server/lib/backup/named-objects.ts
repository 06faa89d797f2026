import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { objectFileOf } from '../object-store/local-disk-store';
import type { BackupManifest } from './backup-manifest';

/**
 * The archive entries of the objects the dumped rows vouch for: every finished upload's (its row is
 * written only once its object is kept). Read from the table file the dump wrote into `databaseDir`.
 */
export async function objectsNamedByRows(databaseDir: string, tables: BackupManifest['tables']): Promise<Map<string, string>> {
  const named = new Map<string, string>();
  const uploads = tables.find((table) => table.name === 'uploads');
  if (!uploads) return named;
  const keyColumn = uploads.columns.indexOf('object_key');
  const completedColumn = uploads.columns.indexOf('completed_at');
  const lines = createInterface({ input: createReadStream(path.join(databaseDir, 'uploads.jsonl')), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    const row = JSON.parse(line) as (string | null)[];
    const key = row[keyColumn];
    if (!key || row[completedColumn] === null) continue;
    named.set(`objects/${objectFileOf(key).split(path.sep).join('/')}`, key);
  }
  return named;
}

/** The keys of the objects the rows name that the snapshot of the store lacks. */
export function missingObjects(named: Map<string, string>, files: BackupManifest['objects']['files']): string[] {
  const held = new Set(files.map((file) => file.path));
  return [...named].filter(([entry]) => !held.has(entry)).map(([, key]) => key);
}
