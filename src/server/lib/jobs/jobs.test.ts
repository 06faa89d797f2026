import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, type DbHandle } from '#db/client';
import { jobSchedules, jobs } from '#db/schema/index';
import { bearer, createUser } from '#tests/factories';
import { createTestApp, type TestApp, type TestAppOptions } from '#tests/helpers/app';
import { copyPgliteTemplate, createTestDb } from '#tests/helpers/db';
import type { Mail, Mailer } from '../mailer';
import { purgeExpired } from '../purge';

/*
 * ADR 0037: background work from a queue stored in the database, on both engines. Mail is queued in
 * the transaction of its cause, retried with backoff, taken again by another instance when the one
 * holding it stops, and still sent after a restart; scheduled upkeep runs once per period across instances.
 */

const isPglite = inject('dbKind') === 'pglite';
/** Short enough that a test waits well under a second for a lease, a grace or a backoff. */
const FAST = { leaseMs: 300, pollMs: 50, graceMs: 100, backoffBaseMs: 150 };

let base: TestApp;
const db = () => base.db.db;

beforeAll(async () => {
  // It never polls (other apps of a test on its database own their jobs and their retries) and has
  // no schedule (the schedule test's two instances count their own runs).
  base = await createTestApp({
    config: { purgeIntervalMs: Number.POSITIVE_INFINITY },
    jobTimings: { ...FAST, pollMs: 3_600_000 },
  });
});
afterAll(async () => {
  await base?.close();
});

async function waitFor<T>(read: () => Promise<T> | T, isDone: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const jobsOf = (db: DbHandle, kind: string) => db.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.createdAt);

/** A mailer that refuses the first `failures` messages, as an SMTP server that is down would, and notes when each was tried. */
function flakyMailer(failures: number) {
  const sent: Mail[] = [];
  const triedAt: number[] = [];
  const mailer: Mailer = {
    async send(mail) {
      triedAt.push(Date.now());
      if (triedAt.length <= failures) throw new Error('connect ECONNREFUSED 127.0.0.1:587');
      sent.push(mail);
    },
  };
  return { mailer, sent, triedAt };
}

/** A mailer whose sends hang until released: a mail server that accepted the connection and stalls. */
function stalledMailer() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started = 0;
  const mailer: Mailer = {
    async send() {
      started++;
      await gate;
    },
  };
  return { mailer, release, started: () => started };
}

let addresses = 0;
/** From an address of its own each time, so the per-IP reset limit never answers instead. */
const forgotPassword = (t: TestApp, email: string) => {
  addresses++;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: `10.77.${addresses >> 8}.${addresses & 255}`,
  });
};

describe('mail through the job queue', () => {
  it('is never sent for a change that rolled back, and is sent once for one that committed', async () => {
    const user = await createUser(base.db.db);
    const notice = { to: user.email, name: user.name, newEmail: 'rolled-back@example.com' };
    await expect(
      base.db.db.transaction(async (tx) => {
        await base.app.jobs.enqueue(tx, 'mail.email-changed', notice);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await base.db.db.transaction((tx) =>
      base.app.jobs.enqueue(tx, 'mail.email-changed', { ...notice, newEmail: 'kept@example.com' }),
    );
    await base.app.background.drain();
    // Another poll round, in case a rolled-back job were to surface late.
    await new Promise((resolve) => setTimeout(resolve, 3 * FAST.pollMs));
    await base.app.background.drain();
    const mails = base.mailer.sent.filter((mail) => mail.to === user.email);
    expect(mails.map((mail) => mail.text.match(/changed to (\S+)\./)?.[1])).toEqual(['kept@example.com']);
    const rows = (await jobsOf(base.db, 'mail.email-changed')).filter((row) => row.status === 'done');
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });

  it('is retried with a growing backoff while the mail server refuses, keeps the last error meanwhile, and then succeeds', async () => {
    const flaky = flakyMailer(2);
    const backoffBaseMs = 400;
    const t = await createTestApp({ db: base.db, mailer: flaky.mailer, jobTimings: { ...FAST, backoffBaseMs } });
    try {
      const user = await createUser(base.db.db);
      expect((await forgotPassword(t, user.email)).statusCode).toBe(200);
      const waiting = await waitFor(
        async () => (await jobsOf(base.db, 'mail.password-reset')).find((row) => row.payload?.email === user.email),
        (row) => row?.status === 'pending' && row.attempts === 1,
      );
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:587' });
      await waitFor(
        () => flaky.sent.length,
        (count) => count === 1,
      );
      await t.app.background.drain();
      expect(flaky.triedAt).toHaveLength(3);
      const [first = 0, second = 0, third = 0] = flaky.triedAt;
      // base, then twice the base (the poll may add a little to each).
      expect(second - first).toBeGreaterThanOrEqual(backoffBaseMs - 5);
      expect(third - second).toBeGreaterThanOrEqual(2 * backoffBaseMs - 5);
      const done = await waitFor(
        async () =>
          (
            await db()
              .select()
              .from(jobs)
              .where(eq(jobs.id, waiting?.id ?? ''))
          ).at(0),
        (row) => row?.status === 'done',
      );
      // Done: the address it carried is gone with the lease.
      expect(done).toMatchObject({ status: 'done', attempts: 3, payload: null, lockedUntil: null, leaseToken: null });
      // Each attempt made a new link; the one mailed works.
      const token = flaky.sent[0]?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'a-new-password-1' },
      });
      expect(reset.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('fails for good after its last attempt, deleting what it carried and keeping the error', async () => {
    const refusing = flakyMailer(Number.POSITIVE_INFINITY);
    const t = await createTestApp({
      db: base.db,
      mailer: refusing.mailer,
      jobTimings: { ...FAST, backoffBaseMs: 1, backoffMaxMs: 20 },
    });
    try {
      await t.db.db.transaction((tx) =>
        t.app.jobs.enqueue(tx, 'mail.email-changed', { to: 'gone@example.com', name: 'Gone', newEmail: 'new@example.com' }),
      );
      const failed = await waitFor(
        async () =>
          (await jobsOf(base.db, 'mail.email-changed')).find(
            (row) => row.status === 'failed' && row.attempts === row.maxAttempts,
          ),
        (row) => row !== undefined,
      );
      expect(failed).toMatchObject({
        status: 'failed',
        attempts: 10,
        payload: null,
        lastError: 'connect ECONNREFUSED 127.0.0.1:587',
      });
      expect(refusing.triedAt).toHaveLength(10);
    } finally {
      await t.close();
    }
  });

  it('holds no reset token while it waits: the link is made when the mail is sent, and the payload goes once it is', async () => {
    const stalled = stalledMailer();
    const t = await createTestApp({ db: base.db, mailer: stalled.mailer, jobTimings: FAST });
    try {
      const user = await createUser(base.db.db);
      expect((await forgotPassword(t, user.email)).statusCode).toBe(200);
      await waitFor(stalled.started, (count) => count === 1);
      const [row] = (await jobsOf(base.db, 'mail.password-reset')).filter((job) => job.payload?.email === user.email);
      expect(row?.payload).toEqual({ email: user.email });
      expect(row?.status).toBe('running');
      stalled.release();
      await t.app.background.drain();
      const [after] = await db()
        .select()
        .from(jobs)
        .where(eq(jobs.id, row?.id ?? ''));
      expect(after).toMatchObject({ status: 'done', payload: null });
    } finally {
      stalled.release();
      await t.close();
    }
  });
});

/**
 * Another instance on the same data. On PostgreSQL a second connection pool; on the embedded engine,
 * whose data directory one engine holds at a time, the same directory opened again.
 */
async function openDataDir(): Promise<{ open: () => Promise<DbHandle>; cleanup: () => void }> {
  if (isPglite) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ga-jobs-'));
    const dataDir = copyPgliteTemplate(dir);
    return { open: () => createDb({ kind: 'pglite', dataDir }), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  }
  const handle = await createTestDb();
  const url = String(handle.connection.connectionString);
  return {
    open: () => createDb({ kind: 'postgres', url, poolSize: 3 }),
    cleanup: () => void handle.close(),
  };
}

/** An instance's database connections cut off, as when its process dies: it cannot renew its lease or finish. */
async function cutOff(handle: DbHandle) {
  await handle.close().catch(() => {});
}

describe('instances', () => {
  it('a job held by an instance that died is run by another once its lease runs out', async () => {
    const data = await openDataDir();
    const stalled = stalledMailer();
    const first = await data.open();
    const a = await createTestApp({ db: first, mailer: stalled.mailer, jobTimings: FAST });
    let b: TestApp | undefined;
    let second: DbHandle | undefined;
    try {
      const user = await createUser(first.db);
      expect((await forgotPassword(a, user.email)).statusCode).toBe(200);
      await waitFor(stalled.started, (count) => count === 1);
      const [held] = await jobsOf(first, 'mail.password-reset');
      expect(held).toMatchObject({ status: 'running', attempts: 1 });
      // The first instance dies mid-send.
      await cutOff(first);
      second = await data.open();
      b = await createTestApp({ db: second, jobTimings: FAST });
      const mailed = await waitFor(
        () => b?.mailer.last(user.email),
        (mail) => mail !== undefined,
      );
      expect(mailed?.subject).toMatch(/reset/i);
      const [row] = await waitFor(
        () => jobsOf(second as DbHandle, 'mail.password-reset'),
        (rows) => rows[0]?.status === 'done',
      );
      expect(row).toMatchObject({ status: 'done', attempts: 2 });
      expect(row?.lockedBy).not.toBe(held?.lockedBy);
    } finally {
      stalled.release();
      await a.close().catch(() => {});
      await b?.close();
      await second?.close();
      data.cleanup();
    }
  });

  it('a restarted instance sends the mail its predecessor queued but could not send', async () => {
    const data = await openDataDir();
    const first = await data.open();
    const down = flakyMailer(Number.POSITIVE_INFINITY);
    const a = await createTestApp({ db: first, mailer: down.mailer, jobTimings: { ...FAST, backoffBaseMs: 400 } });
    let b: TestApp | undefined;
    let second: DbHandle | undefined;
    try {
      const user = await createUser(first.db);
      expect((await forgotPassword(a, user.email)).statusCode).toBe(200);
      await waitFor(
        () => down.triedAt.length,
        (count) => count === 1,
      );
      await a.close();
      await first.close();
      expect(down.sent).toHaveLength(0);
      second = await data.open();
      const [pending] = await jobsOf(second, 'mail.password-reset');
      expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
      b = await createTestApp({ db: second, jobTimings: FAST });
      const mailed = await waitFor(
        () => b?.mailer.last(user.email),
        (mail) => mail !== undefined,
      );
      expect(mailed?.text).toMatch(/reset-password\?token=/);
    } finally {
      await a.close().catch(() => {});
      await b?.close();
      await second?.close();
      data.cleanup();
    }
  });

  it('two instances on one database queue and run a scheduled job once per period', async () => {
    const period = 150;
    let now = Math.ceil(Date.now() / period) * period + 1;
    const clock = () => now;
    const options = (db: DbHandle): TestAppOptions => ({
      db,
      clock,
      config: { purgeIntervalMs: period },
      jobTimings: FAST,
    });
    // PostgreSQL: two pools, as two processes have; PGlite: two apps on the one engine of the process.
    const data = isPglite ? undefined : await openDataDir();
    const firstDb = data ? await data.open() : base.db;
    const secondDb = data ? await data.open() : base.db;
    const before = (await jobsOf(firstDb, 'purge')).length;
    const a = await createTestApp(options(firstDb));
    const b = await createTestApp(options(secondDb));
    try {
      const runs = () => jobsOf(firstDb, 'purge');
      // Both look every period (200 ms) for a while: one run of the period between them.
      await new Promise((resolve) => setTimeout(resolve, 6 * period));
      let rows = await waitFor(runs, (all) => all.length > before && all.every((row) => row.status === 'done'));
      expect(rows.length - before).toBe(1);
      now += period;
      await new Promise((resolve) => setTimeout(resolve, 6 * period));
      rows = await waitFor(runs, (all) => all.length > before + 1 && all.every((row) => row.status === 'done'));
      expect(rows.length - before).toBe(2);
      const [schedule] = await firstDb.db.select().from(jobSchedules).where(eq(jobSchedules.name, 'purge'));
      expect(schedule?.periodStart.getTime()).toBe(Math.floor(now / period) * period);
    } finally {
      await a.close();
      await b.close();
      if (data) {
        await firstDb.close();
        await secondDb.close();
        data.cleanup();
      }
    }
  });
});

describe('the jobs table', () => {
  it("holds an invitation's code only until its mail has gone, and mails no invitation revoked meanwhile", async () => {
    const stalled = stalledMailer();
    const t = await createTestApp({ db: base.db, mailer: stalled.mailer, jobTimings: FAST });
    try {
      const admin = await createUser(base.db.db, { role: 'admin' });
      const invite = (email: string) =>
        t.app.inject({ method: 'POST', url: '/api/admin/invitations', headers: bearer(admin), payload: { email } });
      const made = await invite(`invited-${Date.now()}@example.com`);
      expect(made.statusCode).toBe(201);
      const code = new URL(made.json().link).searchParams.get('invite');
      await waitFor(stalled.started, (count) => count === 1);
      const holding = (await jobsOf(base.db, 'mail.creator-invite')).filter((row) => row.payload?.code === code);
      expect(holding).toHaveLength(1);
      stalled.release();
      await t.app.background.drain();
      const [after] = await db()
        .select()
        .from(jobs)
        .where(eq(jobs.id, holding[0]?.id ?? ''));
      expect(after).toMatchObject({ status: 'done', payload: null });
      expect(JSON.stringify(await jobsOf(base.db, 'mail.creator-invite'))).not.toContain(code);
    } finally {
      stalled.release();
      await t.close();
    }

    // Revoked while its mail waits for a retry: the retry sends nothing.
    const flaky = flakyMailer(1);
    const retrying = await createTestApp({ db: base.db, mailer: flaky.mailer, jobTimings: { ...FAST, backoffBaseMs: 300 } });
    try {
      const admin = await createUser(base.db.db, { role: 'admin' });
      const email = `revoked-${Date.now()}@example.com`;
      const made = await retrying.app.inject({
        method: 'POST',
        url: '/api/admin/invitations',
        headers: bearer(admin),
        payload: { email },
      });
      expect(made.statusCode).toBe(201);
      await waitFor(
        () => flaky.triedAt.length,
        (count) => count === 1,
      );
      const revoked = await retrying.app.inject({
        method: 'POST',
        url: `/api/admin/invitations/${made.json().invitation.id}/revoke`,
        headers: bearer(admin),
      });
      expect(revoked.statusCode).toBe(200);
      const retried = await waitFor(
        async () => (await jobsOf(base.db, 'mail.creator-invite')).find((row) => row.attempts === 2),
        (row) => row?.status === 'done',
      );
      // Done without a mail; the error of its first attempt is kept for an operator to read.
      expect(retried).toMatchObject({ status: 'done', attempts: 2, lastError: 'connect ECONNREFUSED 127.0.0.1:587' });
      expect(flaky.sent.filter((mail) => mail.to === email)).toEqual([]);
    } finally {
      await retrying.close();
    }
  });

  it('fails a job whose instances keep dying once it has used its attempts, instead of taking it again forever', async () => {
    const [poison] = await db()
      .insert(jobs)
      .values({
        kind: 'mail.email-changed',
        payload: { to: 'poison@example.com', name: 'P', newEmail: 'p2@example.com' },
        status: 'running',
        attempts: 10,
        maxAttempts: 10,
        lockedBy: 'an instance that died',
        lockedUntil: new Date(Date.now() - 60_000),
        leaseToken: '00000000-0000-4000-8000-000000000000',
      })
      .returning({ id: jobs.id });
    const t = await createTestApp({ db: base.db, jobTimings: FAST });
    try {
      const row = await waitFor(
        async () =>
          (
            await db()
              .select()
              .from(jobs)
              .where(eq(jobs.id, poison?.id ?? ''))
          ).at(0),
        (job) => job?.status === 'failed',
      );
      expect(row).toMatchObject({
        status: 'failed',
        attempts: 11,
        payload: null,
        lastError: 'the instance running it stopped before it finished',
      });
      expect(t.mailer.last('poison@example.com')).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('keeps finished jobs a day (failed ones a week), then the purge deletes them', async () => {
    const t = await createTestApp({ db: base.db, jobTimings: FAST });
    try {
      const old = new Date(Date.now() - 2 * 24 * 3_600_000);
      const [done] = await db()
        .insert(jobs)
        .values({ kind: 'mail.receipt', status: 'done', finishedAt: old })
        .returning({ id: jobs.id });
      const [failed] = await db()
        .insert(jobs)
        .values({ kind: 'mail.receipt', status: 'failed', finishedAt: old, lastError: 'x' })
        .returning({ id: jobs.id });
      const deleted = await purgeExpired({ db: db(), now: Date.now(), store: t.app.objectStore, retention: t.config.retention });
      expect(deleted.finishedJobs).toBeGreaterThanOrEqual(1);
      const left = await db().select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'mail.receipt'));
      expect(left.map((row) => row.id)).not.toContain(done?.id);
      expect(left.map((row) => row.id)).toContain(failed?.id);
    } finally {
      await t.close();
    }
  });
});
