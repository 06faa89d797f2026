import type pg from 'pg';

/** One md5 per table over every row's text form: equal digests mean no row was added, changed or removed. */
export type TableDigest = Record<string, string>;

/**
 * Digests every table of the app's schema in one statement. Tables are listed from the catalogue,
 * so a table added later is watched without touching this file.
 */
export async function createTableDigester(client: pg.ClientBase) {
  const listed = await client.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  const tables = listed.rows.map((row) => row.name);
  if (tables.length === 0) throw new Error('no tables to digest');
  const text = tables
    .map(
      (table) =>
        `select '${table}' as name, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from "${table}" t`,
    )
    .join(' union all ');
  // Prepared once per connection: planning a union over every table costs more than running it.
  const statement = { name: 'fuzz-table-digest', text };
  return {
    tables,
    async digest(): Promise<TableDigest> {
      const result = await client.query<{ name: string; digest: string }>(statement);
      return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
    },
  };
}

/** The tables whose digest differs. */
export function changedTables(before: TableDigest, after: TableDigest): string[] {
  return Object.keys(after).filter((table) => before[table] !== after[table]);
}
