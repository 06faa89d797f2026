import { and, desc, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { courses, lessons, lessonThreads, users } from '#db/schema/index';
import type { JobQueue, ScheduledRun } from '../../lib/jobs/job-kinds';
import { escapeHtml, mailLayout, PRODUCT } from '../../lib/mail-layout';
import type { Mail, Mailer } from '../../lib/mailer';
import { sqlRows } from '../../lib/sql-rows';

/*
 * Lesson Q&A's mails (docs/product.md, Lesson Q&A; ADR 0057): the asker's when first answered, and the
 * creator's daily digest. Posts are plain text written by anyone: escaped in the HTML like any text.
 */

/** A digest a day (periods start at 00:00 UTC), of the day before. */
export const THREAD_DIGEST_INTERVAL_MS = 86_400_000;

const EXCERPT_CHARS = 200;
const DIGEST_EXCERPTS = 10;

/** The start of a post on one line, cut at a character (never inside one) with an ellipsis. */
export function excerpt(body: string): string {
  const characters = Array.from(body.replace(/\s+/g, ' ').trim());
  return characters.length <= EXCERPT_CHARS ? characters.join('') : `${characters.slice(0, EXCERPT_CHARS).join('').trimEnd()}…`;
}

const slideUrl = (publicUrl: string, courseId: string, lessonId: string) =>
  new URL(`/course/${courseId}/learn/${lessonId}`, publicUrl).toString();

export function threadAnsweredMail({
  to,
  name,
  courseTitle,
  lessonTitle,
  body,
  link,
}: {
  to: string;
  name: string;
  courseTitle: string;
  lessonTitle: string;
  body: string;
  link: string;
}): Mail {
  const where = `“${lessonTitle}” in ${courseTitle}`;
  const text = [
    `Hi ${name},`,
    '',
    `The instructor answered your question on ${where}:`,
    '',
    `“${excerpt(body)}”`,
    '',
    'Read the answer under the slide:',
    link,
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = mailLayout(
    [
      `Hi ${escapeHtml(name)},`,
      `The instructor answered your question on ${escapeHtml(where)}:`,
      `“${escapeHtml(excerpt(body))}”`,
    ],
    { label: 'Read the answer', href: link },
    'You get this mail once per question, when it is first answered.',
  );
  return { to, subject: `Your question on “${lessonTitle}” was answered`, text, html };
}

type DigestEntry = { body: string; courseTitle: string; lessonTitle: string; link: string };

export function threadDigestMail({
  to,
  name,
  count,
  entries,
  inboxUrl,
}: {
  to: string;
  name: string;
  count: number;
  entries: DigestEntry[];
  inboxUrl: string;
}): Mail {
  const headline =
    count === 1 ? 'Students asked 1 new question in your courses' : `Students asked ${count} new questions in your courses`;
  const more = count > entries.length ? `And ${count - entries.length} more in your inbox.` : null;
  const line = (entry: DigestEntry) => `${entry.courseTitle}, “${entry.lessonTitle}”: “${excerpt(entry.body)}”`;
  const text = [
    `Hi ${name},`,
    '',
    `${headline} yesterday:`,
    '',
    ...entries.flatMap((entry) => [`- ${line(entry)}`, `  ${entry.link}`]),
    ...(more ? ['', more] : []),
    '',
    'Answer them from your inbox:',
    inboxUrl,
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = mailLayout(
    [
      `Hi ${escapeHtml(name)},`,
      `${escapeHtml(headline)} yesterday:`,
      ...entries.map((entry) => `<a href="${escapeHtml(entry.link)}">${escapeHtml(line(entry))}</a>`),
      ...(more ? [escapeHtml(more)] : []),
    ],
    { label: 'Open your inbox', href: inboxUrl },
    'You get this digest on days after students ask something in your courses.',
  );
  return { to, subject: `${headline}`, text, html };
}

/** The 'mail.thread-answered' job: nothing when the thread is gone, hidden, or no longer answered. */
export async function sendThreadAnsweredMail({
  db,
  mailer,
  publicUrl,
  threadId,
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  threadId: string;
}): Promise<void> {
  const [thread] = await db
    .select({
      body: lessonThreads.body,
      courseId: lessonThreads.courseId,
      lessonId: lessonThreads.lessonId,
      courseTitle: courses.title,
      lessonTitle: lessons.title,
      to: users.email,
      name: users.name,
    })
    .from(lessonThreads)
    .innerJoin(users, eq(users.id, lessonThreads.userId))
    .innerJoin(courses, eq(courses.id, lessonThreads.courseId))
    .innerJoin(lessons, eq(lessons.id, lessonThreads.lessonId))
    .where(and(eq(lessonThreads.id, threadId), isNull(lessonThreads.hiddenAt), sql`${lessonThreads.answeredAt} is not null`));
  if (!thread) return;
  await mailer.send(threadAnsweredMail({ ...thread, link: slideUrl(publicUrl, thread.courseId, thread.lessonId) }));
}

/** A creator's visible threads of [from, to), others' only: those a digest tells of. */
const digestThreads = (creatorId: string, from: string, to: string) =>
  and(
    eq(courses.creatorId, creatorId),
    ne(lessonThreads.userId, creatorId),
    isNull(lessonThreads.hiddenAt),
    gte(lessonThreads.createdAt, new Date(from)),
    lt(lessonThreads.createdAt, new Date(to)),
  );

/**
 * The 'thread-digest' run of a period: one digest mail job per creator asked something in the period
 * before it, queued in one transaction, and none when this period's were queued already (a second
 * run of the same period, or a retry after the commit), so each creator gets one digest a period.
 */
export async function queueThreadDigests({ db, jobs, run }: { db: Db; jobs: JobQueue; run: ScheduledRun }): Promise<number> {
  const to = run.periodStart;
  const from = new Date(Date.parse(run.periodStart) - (Date.parse(run.periodEnd) - Date.parse(run.periodStart))).toISOString();
  return db.transaction(async (tx) => {
    const queued = await sqlRows<{ one: number }>(
      tx,
      sql`SELECT 1 AS one FROM jobs WHERE kind = 'mail.thread-digest' AND payload->>'to' = ${to} LIMIT 1`,
    );
    if (queued.length > 0) return 0;
    const creators = await sqlRows<{ creator_id: string }>(
      tx,
      sql`SELECT DISTINCT c.creator_id FROM lesson_threads t JOIN courses c ON c.id = t.course_id
        WHERE t.created_at >= ${from}::timestamptz AND t.created_at < ${to}::timestamptz
          AND t.hidden_at IS NULL AND t.user_id <> c.creator_id`,
    );
    for (const { creator_id: creatorId } of creators) await jobs.enqueue(tx, 'mail.thread-digest', { creatorId, from, to });
    return creators.length;
  });
}

/** The 'mail.thread-digest' job: the count, the newest ten excerpts, and the inbox; nothing if all were deleted or hidden since. */
export async function sendThreadDigestMail({
  db,
  mailer,
  publicUrl,
  creatorId,
  from,
  to,
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  creatorId: string;
  from: string;
  to: string;
}): Promise<void> {
  const [creator] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, creatorId));
  if (!creator) return;
  const where = digestThreads(creatorId, from, to);
  const [[counted], rows] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(lessonThreads)
      .innerJoin(courses, eq(courses.id, lessonThreads.courseId))
      .where(where),
    db
      .select({
        body: lessonThreads.body,
        courseId: lessonThreads.courseId,
        lessonId: lessonThreads.lessonId,
        courseTitle: courses.title,
        lessonTitle: lessons.title,
      })
      .from(lessonThreads)
      .innerJoin(courses, eq(courses.id, lessonThreads.courseId))
      .innerJoin(lessons, eq(lessons.id, lessonThreads.lessonId))
      .where(where)
      .orderBy(desc(lessonThreads.createdAt), desc(lessonThreads.id))
      .limit(DIGEST_EXCERPTS),
  ]);
  const count = counted?.count ?? 0;
  if (count === 0) return;
  await mailer.send(
    threadDigestMail({
      to: creator.email,
      name: creator.name,
      count,
      entries: rows.map((row) => ({ ...row, link: slideUrl(publicUrl, row.courseId, row.lessonId) })),
      inboxUrl: new URL('/creator/questions', publicUrl).toString(),
    }),
  );
}
