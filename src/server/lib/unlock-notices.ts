import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#db/client';
import { courseModules, courses, enrollments, lessons, quizzes, users } from '#db/schema/index';
import type { Locale } from '#shared/i18n/locales';
import { translate } from '#shared/i18n/translate';
import type { JobQueue } from './jobs/job-kinds';
import { escapeHtml, mailLayout, PRODUCT } from './mail-layout';
import type { Mail, Mailer } from './mailer';
import { passedAttempt } from './progress';
import { recipientLocale } from './recipient-locale';
import { sqlRows } from './sql-rows';

/*
 * "<Part> is open in <Course>", once per student and part (docs/product.md, Pacing; ADR 0056). A
 * notice row is inserted with ON CONFLICT DO NOTHING and the mail queued in the same transaction, so
 * whichever writer inserts the row is the one that mails, however many sweeps or passes race.
 */

/** A part that opened for one student: exactly one of the two ids. */
export type UnlockedPart = { userId: string; moduleId: string | null; quizId: string | null };

/** The sweep's rhythm: a part whose date passed is announced within the hour. */
export const UNLOCK_SWEEP_INTERVAL_MS = 3_600_000;

/** How far back the hourly sweep looks for parts whose dates passed: runs missed for up to this long still mail. */
export const UNLOCK_SWEEP_LOOKBACK_MS = 3 * 86_400_000;

/** When a paced part opens by its dates for an enrollment (its prerequisite aside); `-infinity` without a date rule. */
const opensAt = (part: string) =>
  sql.raw(
    `greatest(coalesce(${part}.unlock_at, '-infinity'::timestamptz), e.created_at + make_interval(days => coalesce(${part}.unlock_after_days, 0)))`,
  );

/** The paced parts of every course, modules and quizzes alike. */
const pacedParts = sql`
  select 'module' as kind, id, course_id, unlock_after_days, unlock_at, prerequisite_quiz_id from course_modules
    where unlock_after_days is not null or unlock_at is not null or prerequisite_quiz_id is not null
  union all
  select 'quiz', id, course_id, unlock_after_days, unlock_at, prerequisite_quiz_id from quizzes
    where unlock_after_days is not null or unlock_at is not null or prerequisite_quiz_id is not null`;

const passedPrerequisite = sql`(p.prerequisite_quiz_id is null or exists (
  select 1 from quiz_attempts a where a.user_id = e.user_id and a.quiz_id = p.prerequisite_quiz_id and ${passedAttempt({
    status: sql.raw('a.status'),
    score: sql.raw('a.score'),
    totalQuestions: sql.raw('a.total_questions'),
    passPercent: sql.raw('a.pass_percent'),
  })}))`;

/** Records the notices of `due` (rows of kind, id, user_id) and queues their mails: only the rows this call inserted. */
async function recordAndQueue(tx: DbOrTx, jobs: JobQueue, due: ReturnType<typeof sql>): Promise<number> {
  const inserted = await sqlRows<{ user_id: string; module_id: string | null; quiz_id: string | null }>(
    tx,
    sql`with due as (${due})
      insert into unlock_notices (user_id, module_id, quiz_id)
      select user_id, case when kind = 'module' then id end, case when kind = 'quiz' then id end from due
      on conflict do nothing
      returning user_id, module_id, quiz_id`,
  );
  for (const row of inserted) {
    await jobs.enqueue(tx, 'mail.unlocked', { userId: row.user_id, moduleId: row.module_id, quizId: row.quiz_id });
  }
  return inserted.length;
}

/**
 * The hourly sweep: parts whose dates passed within the lookback for an enrollment they were shut at
 * (a part open when the student enrolled is never announced), whose prerequisite is passed. Only
 * paced parts are read, and only the enrollments of their courses.
 */
export async function sweepUnlocks({ db, jobs, now }: { db: Db; jobs: JobQueue; now: number }): Promise<number> {
  const until = new Date(now).toISOString();
  const since = new Date(now - UNLOCK_SWEEP_LOOKBACK_MS).toISOString();
  return db.transaction((tx) =>
    recordAndQueue(
      tx,
      jobs,
      sql`select p.kind, p.id, e.user_id from (${pacedParts}) p
        join enrollments e on e.course_id = p.course_id
        where (p.unlock_at is not null or p.unlock_after_days is not null)
          and ${opensAt('p')} > e.created_at
          and ${opensAt('p')} > ${since}::timestamptz
          and ${opensAt('p')} <= ${until}::timestamptz
          and ${passedPrerequisite}`,
    ),
  );
}

/**
 * In a pass's transaction: the parts waiting for this quiz that open now for the student, their dates
 * allowing. A part whose dates are still to come is left to the sweep.
 */
export async function announcePassOpenings(
  tx: DbOrTx,
  jobs: JobQueue,
  { userId, quizId, now }: { userId: string; quizId: string; now: number },
): Promise<number> {
  return recordAndQueue(
    tx,
    jobs,
    sql`select p.kind, p.id, e.user_id from (${pacedParts}) p
      join enrollments e on e.course_id = p.course_id and e.user_id = ${userId}
      where p.prerequisite_quiz_id = ${quizId}
        and ${opensAt('p')} <= ${new Date(now).toISOString()}::timestamptz`,
  );
}

/** The mail itself; nothing when the student's enrollment or the part has gone since it was queued. */
export async function sendUnlockedMail({
  db,
  mailer,
  publicUrl,
  part,
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  part: UnlockedPart;
}): Promise<void> {
  const found = part.moduleId
    ? await db
        .select({ title: courseModules.title, courseId: courseModules.courseId })
        .from(courseModules)
        .where(eq(courseModules.id, part.moduleId))
    : await db
        .select({ title: quizzes.title, courseId: quizzes.courseId })
        .from(quizzes)
        .where(eq(quizzes.id, part.quizId ?? ''));
  const [target] = found;
  if (!target) return;
  const [learner] = await db
    .select({ email: users.email, name: users.name, locale: users.locale, course: courses.title })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, part.userId), eq(enrollments.courseId, target.courseId)));
  if (!learner) return;
  const [firstLesson] = part.moduleId
    ? await db
        .select({ id: lessons.id })
        .from(lessons)
        .where(eq(lessons.moduleId, part.moduleId))
        .orderBy(asc(lessons.position))
        .limit(1)
    : [];
  const itemId = part.quizId ?? firstLesson?.id;
  const learnPath = `/course/${target.courseId}/learn${itemId ? `/${itemId}` : ''}`;
  await mailer.send(
    unlockedMail({
      to: learner.email,
      name: learner.name,
      part: target.title,
      course: learner.course,
      href: new URL(learnPath, publicUrl).toString(),
      locale: recipientLocale(learner.locale),
    }),
  );
}

export function unlockedMail({
  to,
  name,
  part,
  course,
  href,
  locale,
}: {
  to: string;
  name: string;
  part: string;
  course: string;
  href: string;
  locale: Locale;
}): Mail {
  const hello = translate(locale, 'mail.hello', { name });
  const text = `${hello}\n\n${translate(locale, 'mail.unlockedText', { part, course })}\n${href}\n\n${PRODUCT}\n`;
  const html = mailLayout(
    [escapeHtml(hello), translate(locale, 'mail.unlockedHtml', { part: escapeHtml(part), course: escapeHtml(course) })],
    { label: translate(locale, 'mail.unlockedButton'), href },
    escapeHtml(translate(locale, 'mail.unlockedFooter')),
    locale,
  );
  return { to, subject: translate(locale, 'mail.unlockedSubject', { part, course }), text, html };
}
