import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Which tables feed which cached read (src/server/lib/read-cache), and the key column each change of
 * the table is announced by. The database's triggers are made from this map (installCacheFeeds), and
 * the read cache's change handling reads it, so a cache learns of every change of every column of what
 * it reads. A test fails when a cached read queries a table the map does not give it.
 */
export const CACHE_FEEDS = {
  sessions: { key: 'token_hash', feeds: ['sessions'] },
  // A user's name is shown in their sessions, their courses (as instructor), their reviews and their questions and replies.
  users: { key: 'id', feeds: ['sessions', 'courses', 'catalog', 'review_pages', 'searches', 'thread_pages'] },
  courses: { key: 'id', feeds: ['courses', 'catalog', 'course_parts', 'searches', 'earnings'] },
  course_modules: { key: 'course_id', feeds: ['courses', 'course_parts'] },
  lessons: { key: 'module_id', feeds: ['courses', 'lessons', 'course_parts'] },
  quizzes: { key: 'course_id', feeds: ['courses', 'course_parts'] },
  quiz_questions: { key: 'quiz_id', feeds: ['courses'] },
  // Kept by triggers from courses, modules, slides and instructors: what a search matches.
  course_search: { key: 'course_id', feeds: ['searches'] },
  enrollments: { key: 'user_id', feeds: ['enrollments'] },
  lesson_progress: { key: 'user_id', feeds: ['learners'] },
  quiz_attempts: { key: 'user_id', feeds: ['learners'] },
  saved_courses: { key: 'user_id', feeds: ['saved_courses'] },
  reviews: { key: 'course_id', feeds: ['review_pages'] },
  ledger_entries: { key: 'creator_id', feeds: ['earnings'] },
  // A pending payout reserves a balance without a ledger entry.
  payouts: { key: 'creator_id', feeds: ['earnings'] },
  // A new, hidden or deleted question, an answer (answered_at) and an upvote (upvote_count, by trigger) all change the row.
  lesson_threads: { key: 'lesson_id', feeds: ['thread_pages'] },
  thread_replies: { key: 'thread_id', feeds: ['thread_pages'] },
  thread_upvotes: { key: 'user_id', feeds: ['upvoted_threads'] },
} as const satisfies Record<string, { key: string; feeds: readonly string[] }>;

export type FedTable = keyof typeof CACHE_FEEDS;
export type CacheName = (typeof CACHE_FEEDS)[FedTable]['feeds'][number];

const EVENTS = [
  ['insert', 'INSERT', 'NEW TABLE AS new_rows'],
  ['update', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['delete', 'DELETE', 'OLD TABLE AS old_rows'],
] as const;

/** The statements that make the map's triggers: three per table, as a trigger with transition tables has one event. */
function feedTriggers(): string[] {
  return Object.entries(CACHE_FEEDS).flatMap(([table, { key }]) =>
    EVENTS.map(
      ([suffix, event, transition]) =>
        `CREATE TRIGGER ${table}_announce_${suffix} AFTER ${event} ON ${table} REFERENCING ${transition}
         FOR EACH STATEMENT EXECUTE FUNCTION ga_announce('${key}')`,
    ),
  );
}

/**
 * Makes the database's announcing triggers match the map (migration 0036's ga_announce), when they do
 * not already: the map's fingerprint is kept as the function's comment, so a start with an unchanged
 * map costs one read. Run under the migration lock, after migrating.
 */
export async function installCacheFeeds(client: pg.ClientBase) {
  const statements = feedTriggers();
  const fingerprint = createHash('sha256').update(statements.join(';')).digest('hex');
  const { rows } = await client.query<{ installed: string | null }>(
    `SELECT obj_description('ga_announce'::regproc, 'pg_proc') AS installed`,
  );
  if (rows[0]?.installed === fingerprint) return;
  await client.query('BEGIN');
  try {
    const { rows: existing } = await client.query<{ name: string; table: string }>(
      `SELECT t.tgname AS name, c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       WHERE t.tgfoid = 'ga_announce'::regproc`,
    );
    for (const { name, table } of existing) await client.query(`DROP TRIGGER "${name}" ON "${table}"`);
    for (const statement of statements) await client.query(statement);
    await client.query(`COMMENT ON FUNCTION ga_announce() IS '${fingerprint}'`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
