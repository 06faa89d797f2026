import { and, desc, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { courses, lessons, lessonThreads, users } from '#db/schema/index';
import type { Locale } from '#shared/i18n/locales';
import { translate } from '#shared/i18n/translate';
import type { JobQueue, ScheduledRun } from '../../lib/jobs/job-kinds';
import { escapeHtml, mailLayout, SIGNATURE } from '../../lib/mail-layout';
import type { Mail, Mailer } from '../../lib/mailer';
import { recipientLocale } from '../../lib/recipient-locale';
import { sqlRows } from '../../lib/sql-rows';

/*
 * Lesson Q&A's mails (docs/product.md, Lesson Q&A; ADR 0057): the asker's when first answered, and the
 * creator's daily digest. Posts are plain text written by anyone: escaped in the HTML like any text.
 */

/** A digest a day (periods start at 00:00 UTC), of the day before. */
export const THREAD_DIGEST_INTERVAL_MS = 86_400_000;

/** The job_schedules row marking the last period whose digests were queued. */
const DIGESTS_QUEUED = 'thread-digest.mails';

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
  locale,
}: {
  to: string;
  name: string;
  courseTitle: string;
  lessonTitle: string;
  body: string;
  link: string;
  locale: Locale;
}): Mail {
  const greeting = translate(locale, 'mail.greeting', { name });
  const intro = translate(locale, 'mail.answeredIntro', { lesson: lessonTitle, course: courseTitle });
  const quoted = translate(locale, 'mail.quoted', { text: excerpt(body) });
  const text = [greeting, '', intro, '', quoted, '', translate(locale, 'mail.answeredRead'), link, '', SIGNATURE].join('\n');
  const html = mailLayout(
    [escapeHtml(greeting), escapeHtml(intro), escapeHtml(quoted)],
    { label: translate(locale, 'mail.answeredButton'), href: link },
    escapeHtml(translate(locale, 'mail.answeredFooter')),
    locale,
  );
  return { to, subject: translate(locale, 'mail.answeredSubject', { lesson: lessonTitle }), text, html };
}

type DigestEntry = { body: string; courseTitle: string; lessonTitle: string; link: string };

export function threadDigestMail({
  to,
  name,
  count,
  entries,
  inboxUrl,
  locale,
}: {
  to: string;
  name: string;
  count: number;
  entries: DigestEntry[];
  inboxUrl: string;
  locale: Locale;
}): Mail {
  const greeting = translate(locale, 'mail.greeting', { name });
  const intro = translate(locale, 'mail.digestIntro', { count });
  const more = count > entries.length ? translate(locale, 'mail.digestMore', { count: count - entries.length }) : null;
  const line = (entry: DigestEntry) =>
    translate(locale, 'mail.digestLine', { course: entry.courseTitle, lesson: entry.lessonTitle, excerpt: excerpt(entry.body) });
  const text = [
    greeting,
    '',
    intro,
    '',
    ...entries.flatMap((entry) => [`- ${line(entry)}`, `  ${entry.link}`]),
    ...(more ? ['', more] : []),
    '',
    translate(locale, 'mail.digestAnswer'),
    inboxUrl,
    '',
    SIGNATURE,
  ].join('\n');
  const html = mailLayout(
    [
      escapeHtml(greeting),
      escapeHtml(intro),
      ...entries.map((entry) => `<a href="${escapeHtml(entry.link)}">${escapeHtml(line(entry))}</a>`),
      ...(more ? [escapeHtml(more)] : []),
    ],
    { label: translate(locale, 'mail.digestButton'), href: inboxUrl },
    escapeHtml(translate(locale, 'mail.digestFooter')),
    locale,
  );
  return { to, subject: translate(locale, 'mail.digestSubject', { count }), text, html };
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
      locale: users.locale,
    })
    .from(lessonThreads)
    .innerJoin(users, eq(users.id, lessonThreads.userId))
    .innerJoin(courses, eq(courses.id, lessonThreads.courseId))
    .innerJoin(lessons, eq(lessons.id, lessonThreads.lessonId))
    .where(and(eq(lessonThreads.id, threadId), isNull(lessonThreads.hiddenAt), sql`${lessonThreads.answeredAt} is not null`));
  if (!thread) return;
  await mailer.send(
    threadAnsweredMail({
      ...thread,
      link: slideUrl(publicUrl, thread.courseId, thread.lessonId),
      locale: recipientLocale(thread.locale),
    }),
  );
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
 * before it, queued in one transaction with a mark that this period's digests are queued (a row of
 * job_schedules that only moves forward, as the schedule's own: ADR 0037). A second run of the same
 * period, or a retry after the commit, finds the mark and queues nothing: one digest a period.
 */
export async function queueThreadDigests({ db, jobs, run }: { db: Db; jobs: JobQueue; run: ScheduledRun }): Promise<number> {
  const to = run.periodStart;
  const from = new Date(Date.parse(run.periodStart) - (Date.parse(run.periodEnd) - Date.parse(run.periodStart))).toISOString();
  return db.transaction(async (tx) => {
    const marked = await sqlRows<{ name: string }>(
      tx,
      sql`INSERT INTO job_schedules (name, period_start) VALUES (${DIGESTS_QUEUED}, ${to}::timestamptz)
        ON CONFLICT (name) DO UPDATE SET period_start = excluded.period_start, queued_at = now()
        WHERE job_schedules.period_start < excluded.period_start
        RETURNING name`,
    );
    if (marked.length === 0) return 0;
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
  const [creator] = await db
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.id, creatorId));
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
      locale: recipientLocale(creator.locale),
    }),
  );
}
