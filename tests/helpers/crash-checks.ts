import type pg from 'pg';
import { callOk } from './crash-api';
import type { Ledger } from './crash-burst';
import type { CrashCatalogue } from './crash-catalogue';

/**
 * Rows that only a write cut in half could leave, each query naming what is wrong. Run on the data
 * exactly as the killed process left it, before a restart could tidy anything up.
 */
const HALF_WRITTEN: Record<string, string> = {
  'enrollment in a paid course without its succeeded payment': `
    select e.user_id, e.course_id from enrollments e join courses c on c.id = e.course_id
    where (c.price_cents > 0 or e.source = 'payment') and not exists (
      select 1 from payments p where p.user_id = e.user_id and p.course_id = e.course_id and p.status = 'succeeded')`,
  'succeeded payment without its enrollment': `
    select p.id, p.user_id, p.course_id from payments p where p.status = 'succeeded' and not exists (
      select 1 from enrollments e where e.user_id = p.user_id and e.course_id = p.course_id)`,
  'payment of another amount than the course price': `
    select p.id, p.amount_cents, c.price_cents from payments p join courses c on c.id = p.course_id
    where p.amount_cents <> c.price_cents`,
  'completed attempt without its score, or a score other than its correct answers': `
    select a.id, a.score, a.total_questions from quiz_attempts a where a.status = 'completed' and (
      a.score is null or a.total_questions is null or a.completed_at is null or a.score <> (
        select count(*) from quiz_answers q where q.attempt_id = a.id and q.is_correct))`,
  'attempt in progress with a score': `
    select id from quiz_attempts where status = 'in_progress' and (score is not null or completed_at is not null)`,
  'course whose student count disagrees with its enrollments': `
    select c.id, c.student_count, count(e.id)::int as enrolled from courses c
    left join enrollments e on e.course_id = c.id group by c.id having c.student_count <> count(e.id)`,
  'signed-up user without the session sign-up answered with': `
    select u.id, u.email from users u where not exists (select 1 from sessions s where s.user_id = u.id)`,
  'completed slide without its completion time': `
    select user_id, lesson_id from lesson_progress where completed and completed_at is null`,
};

export async function findHalfWritten(pool: pg.Pool): Promise<string[]> {
  const found: string[] = [];
  for (const [what, query] of Object.entries(HALF_WRITTEN)) {
    const { rows } = await pool.query(query);
    if (rows.length > 0) found.push(`${what}: ${JSON.stringify(rows.slice(0, 3))} (${rows.length} rows)`);
  }
  return found;
}

/** Payments are not readable over the API, so their acknowledged records are looked up in the tables. */
export async function findLostPayments(pool: pg.Pool, ledger: Ledger): Promise<string[]> {
  const ids = ledger.intents.map((intent) => intent.paymentIntentId);
  const { rows } = await pool.query<{ id: string; status: string }>(
    'select provider_payment_id as id, status from payments where provider_payment_id = any($1)',
    [ids],
  );
  const status = new Map(rows.map((row) => [row.id, row.status]));
  return [
    ...ids.filter((id) => !status.has(id)).map((id) => `payment intent ${id} not recorded`),
    ...ledger.paid
      .filter(({ paymentIntentId }) => status.get(paymentIntentId) !== 'succeeded')
      .map(({ paymentIntentId }) => `paid intent ${paymentIntentId} recorded as ${status.get(paymentIntentId)}`),
  ];
}

type Attempt = { id: string; status: string; score: number | null; answers: { questionId: string; selectedOption: number }[] };

/** What each learner of the ledger sees now, over HTTP, against what the server acknowledged before. */
export async function findLostWrites(base: string, ledger: Ledger, catalogue: CrashCatalogue): Promise<string[]> {
  const lost: string[] = [];
  const byToken = <T extends { token: string }>(list: T[]) => {
    const groups = new Map<string, T[]>();
    for (const entry of list) groups.set(entry.token, [...(groups.get(entry.token) ?? []), entry]);
    return groups;
  };
  const enrollments = byToken([...ledger.enrollments, ...ledger.paid]);
  const progress = byToken(ledger.progress);
  const attempts = byToken(ledger.attempts);
  const answers = byToken(ledger.answers);
  const completions = byToken(ledger.completions);

  async function checkLearner({ email, token }: { email: string; token: string }) {
    const me = await callOk<{ email: string }>(base, 'GET', '/api/auth/me', token);
    if (me.email !== email) lost.push(`${email}: signed in as ${me.email}`);
    if (enrollments.has(token)) {
      const mine = await callOk<{ id: string }[]>(base, 'GET', '/api/my-courses', token);
      for (const { courseId } of enrollments.get(token) ?? []) {
        if (!mine.some((course) => course.id === courseId)) lost.push(`${email}: enrollment in ${courseId}`);
      }
    }
    if (progress.has(token)) {
      const { lessons } = await callOk<{ lessons: { lessonId: string; completed: boolean }[] }>(
        base,
        'GET',
        `/api/courses/${catalogue.freeCourseId}/progress`,
        token,
      );
      for (const { lessonId } of progress.get(token) ?? []) {
        if (!lessons.some((lesson) => lesson.lessonId === lessonId && lesson.completed))
          lost.push(`${email}: slide ${lessonId} done`);
      }
    }
    const acknowledgedAttempt = attempts.get(token)?.[0];
    if (acknowledgedAttempt) {
      // The latest attempt: each learner starts one, so it must be the acknowledged one.
      const attempt = await callOk<Attempt>(base, 'POST', `/api/quizzes/${catalogue.quizId}/attempts`, token);
      if (attempt.id !== acknowledgedAttempt.attemptId) lost.push(`${email}: attempt ${acknowledgedAttempt.attemptId}`);
      for (const { questionId, selectedOption } of answers.get(token) ?? []) {
        const stored = attempt.answers.find((answer) => answer.questionId === questionId);
        if (stored?.selectedOption !== selectedOption) lost.push(`${email}: answer ${selectedOption} to ${questionId}`);
      }
      for (const { score } of completions.get(token) ?? []) {
        if (attempt.status !== 'completed' || attempt.score !== score) {
          lost.push(`${email}: completed attempt with score ${score} (now ${attempt.status}, ${attempt.score})`);
        }
      }
    }
  }

  const queue = [...ledger.signUps];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let learner = queue.pop(); learner; learner = queue.pop()) await checkLearner(learner);
    }),
  );
  return lost;
}
