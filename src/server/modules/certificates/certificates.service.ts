import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { certificates, courses, users } from '#db/schema/index';
import type { Certificate } from '#shared/schemas/certificates';
import { isUuid } from '../../lib/course-access';
import { QUIZ_PASS_PERCENT } from '../../lib/progress';

/** DECISIONS §5: every lesson completed and every quiz passed, in a course that has any. */
export async function isEligible({ db, userId, courseId }: { db: Db; userId: string; courseId: string }): Promise<boolean> {
  const result = (await db.execute(sql`
    select
      (select count(*)::int from lessons l join course_modules m on m.id = l.module_id where m.course_id = ${courseId}) as "lessons",
      (select count(*)::int from quizzes q where q.course_id = ${courseId}) as "quizzes",
      (select count(*)::int from lesson_progress lp join lessons l on l.id = lp.lesson_id join course_modules m on m.id = l.module_id
         where m.course_id = ${courseId} and lp.user_id = ${userId} and lp.completed) as "completedLessons",
      (select count(distinct a.quiz_id)::int from quiz_attempts a join quizzes q on q.id = a.quiz_id
         where q.course_id = ${courseId} and a.user_id = ${userId} and a.status = 'completed'
           and a.total_questions > 0 and a.score * 100 >= ${QUIZ_PASS_PERCENT} * a.total_questions) as "passedQuizzes"
  `)) as unknown as
    | { rows: { lessons: number; quizzes: number; completedLessons: number; passedQuizzes: number }[] }
    | { lessons: number; quizzes: number; completedLessons: number; passedQuizzes: number }[];
  const [row] = Array.isArray(result) ? result : result.rows;
  if (!row || row.lessons + row.quizzes === 0) return false;
  return row.completedLessons === row.lessons && row.passedQuizzes === row.quizzes;
}

function toCertificateJson(row: typeof certificates.$inferSelect): Certificate {
  return {
    id: row.id,
    courseId: row.courseId,
    studentName: row.studentName,
    courseTitle: row.courseTitle,
    issuedAt: row.issuedAt.toISOString(),
  };
}

/** Issued once per (student, course) with the names of that day, then always the same certificate. */
export async function issueCertificate({
  db,
  userId,
  courseId,
}: {
  db: Db;
  userId: string;
  courseId: string;
}): Promise<Certificate> {
  await db.execute(sql`
    insert into ${certificates} (user_id, course_id, student_name, course_title)
    select ${userId}, ${courseId}, u.name, c.title from ${users} u, ${courses} c where u.id = ${userId} and c.id = ${courseId}
    on conflict (user_id, course_id) do nothing
  `);
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)));
  if (!row) throw new Error('certificate not issued');
  return toCertificateJson(row);
}

export async function findCertificate({ db, id }: { db: Db; id: string }): Promise<Certificate | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id)).limit(1);
  return row ? toCertificateJson(row) : null;
}
