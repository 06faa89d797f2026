import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './start';

// The embedded engine is one PGlite session shared by every connection; these prove the server
// keeps each connection's statements and transactions its own.
const isPglite = inject('dbKind') === 'pglite';

let embedded: EmbeddedDatabase;
let pool: pg.Pool;

function client(): pg.Client {
  return new pg.Client({ host: embedded.socketDir, user: 'postgres', database: 'postgres' });
}

describe.skipIf(!isPglite)('the embedded database wire server', () => {
  beforeAll(async () => {
    embedded = await startEmbeddedDatabase({ loadDataDirPath: inject('pgliteTemplatePath'), idleInTransactionMs: 500 });
    pool = new pg.Pool({ host: embedded.socketDir, user: 'postgres', database: 'postgres', max: 8 });
    await pool.query('create table wire_probe (id serial primary key, label text not null)');
  });
  afterAll(async () => {
    await pool?.end();
    await embedded?.stop();
  });

  it('answers each of many concurrent parameterized queries with its own result', async () => {
    // Parse/Bind of two connections interleaved on the shared unnamed statement would mix these up.
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        pool.query(`select $1::int as n, $2::text as label, ${i} as query`, [i, `label-${i}`]),
      ),
    );
    results.forEach((result, i) => {
      expect(result.rows[0]).toEqual({ n: i, label: `label-${i}`, query: i });
    });
  });

  it('keeps other connections out of an open transaction until it ends', async () => {
    const a = await pool.connect();
    try {
      await a.query('begin');
      await a.query(`insert into wire_probe (label) values ('in-transaction')`);
      // Runs only after the transaction, and is not part of it.
      const outside = pool.query(`insert into wire_probe (label) values ('outside') returning id`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await a.query(`insert into wire_probe (label) values ('in-transaction')`);
      await a.query('rollback');
      await outside;
    } finally {
      a.release();
    }
    const { rows } = await pool.query('select label from wire_probe order by id');
    expect(rows.map((row) => row.label)).toEqual(['outside']);
  });

  it('rolls back and closes a connection that holds a transaction idle while others wait', async () => {
    const stuck = client();
    stuck.on('error', () => {});
    await stuck.connect();
    await stuck.query('begin');
    await stuck.query(`insert into wire_probe (label) values ('abandoned')`);
    const { rows } = await pool.query(`select count(*)::int as n from wire_probe where label = 'abandoned'`);
    expect(rows[0].n).toBe(0);
    await expect(stuck.query('select 1')).rejects.toThrow();
  });

  it('rolls back the transaction of a connection that disconnects', async () => {
    const leaving = client();
    await leaving.connect();
    await leaving.query('begin');
    await leaving.query(`insert into wire_probe (label) values ('left')`);
    await leaving.end();
    const { rows } = await pool.query(`select count(*)::int as n from wire_probe where label = 'left'`);
    expect(rows[0].n).toBe(0);
  });

  it('reports a statement error to its own connection only, and the session goes on', async () => {
    const [bad, good] = await Promise.allSettled([pool.query('select * from no_such_table'), pool.query('select 2 as n')]);
    expect(bad.status).toBe('rejected');
    expect(good.status === 'fulfilled' && good.value.rows[0].n).toBe(2);
    const after = await pool.query('select 3 as n');
    expect(after.rows[0].n).toBe(3);
  });

  it('keeps the named prepared statements of each connection its own, and drops them when it closes', async () => {
    const statementsNamed = async (name: string) =>
      (await pool.query('select count(*)::int as n from pg_prepared_statements where name like $1', [`%\\_${name}`])).rows[0].n;
    const [a, b] = [client(), client()];
    await Promise.all([a.connect(), b.connect()]);
    try {
      // The same name for different statements on two connections, as two pooled clients of one app
      // preparing the same query would: PGlite's one session refused the second before.
      for (let round = 0; round < 3; round++) {
        const [fromA, fromB] = await Promise.all([
          a.query({ name: 'probe', text: 'select $1::int + 1 as n', values: [round] }),
          b.query({ name: 'probe', text: 'select $1::int + 100 as n', values: [round] }),
        ]);
        expect(fromA.rows[0].n).toBe(round + 1);
        expect(fromB.rows[0].n).toBe(round + 100);
      }
      expect(await statementsNamed('probe')).toBe(2);
    } finally {
      await a.end();
    }
    await vi.waitFor(async () => expect(await statementsNamed('probe')).toBe(1));
    expect((await b.query({ name: 'probe', text: 'select $1::int + 100 as n', values: [5] })).rows[0].n).toBe(105);
    await b.end();
    await vi.waitFor(async () => expect(await statementsNamed('probe')).toBe(0));
  });
});
