import { sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { sessionActivity } from '#db/schema/index';

/** A session's "last used" is kept to within this: a busy session costs one write per interval, not one per request. */
export const SESSION_ACTIVITY_INTERVAL_MS = 5 * 60_000;
/** Stamps gathered while requests come in are written together after this. */
const FLUSH_DELAY_MS = 5_000;
/** Sessions remembered as recently stamped; past this the memory starts over (a stamp is then merely rewritten). */
const MAX_REMEMBERED = 50_000;

/**
 * Records when sessions are used for the account page's session list. Requests never wait for it:
 * uses are noted in memory and written in one statement a few seconds later, and a session already
 * stamped within the interval is not noted again. The stamps live in `session_activity`, which has no
 * change trigger, so writing them never drops a cached session (ADR 0021).
 */
export function createSessionActivity({
  db,
  clock,
  onError,
}: {
  db: Db;
  clock: () => number;
  onError: (error: unknown) => void;
}) {
  const stamped = new Map<string, number>();
  let pending = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let isClosed = false;

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const ids = [...batch.keys()];
    const times = [...batch.values()].map((at) => new Date(at).toISOString());
    // A session signed out meanwhile has no row to point at: the join leaves it out.
    await db.execute(sql`
      insert into ${sessionActivity} (session_id, last_used_at)
      select used.id, used.at from unnest(${sql.param(ids)}::uuid[], ${sql.param(times)}::timestamptz[]) as used(id, at)
      join sessions on sessions.id = used.id
      on conflict (session_id) do update set last_used_at = greatest(${sessionActivity.lastUsedAt}, excluded.last_used_at)
    `);
  }

  return {
    /** Notes a use of the session now; cheap enough for every request. */
    touch(sessionId: string): void {
      if (isClosed) return;
      const now = clock();
      const last = stamped.get(sessionId);
      if (last !== undefined && now - last < SESSION_ACTIVITY_INTERVAL_MS) return;
      if (stamped.size >= MAX_REMEMBERED) stamped.clear();
      stamped.set(sessionId, now);
      pending.set(sessionId, now);
      if (!timer) {
        timer = setTimeout(() => void flush().catch(onError), FLUSH_DELAY_MS);
        timer.unref();
      }
    },
    /** Writes what is noted now (the session list calls it, so its own stamps are never behind). */
    flush,
    /** Forgets a signed-out session, so a new one with its memory cannot be skipped. */
    forget(sessionId: string): void {
      stamped.delete(sessionId);
      pending.delete(sessionId);
    },
    close(): void {
      isClosed = true;
      if (timer) clearTimeout(timer);
      pending.clear();
    },
  };
}

export type SessionActivity = ReturnType<typeof createSessionActivity>;
