// Data the rows need, written with SQL while the server is stopped: the demo student enrolled (with
// some progress) in a published course, and live sessions for the write row.
export const STUDENT = { email: 'student@demo.gradient.academy', password: 'student-demo-2026' };
const WRITER_EMAIL = 'bench-writer@bench.test';
const CREATOR_EMAIL = 'bench-creator@bench.test';
/** Bearer token of the bench's creator (its session stores only the hash). */
export const CREATOR_TOKEN = 'bench-creator';
/** Students enrolled in the bench's course, each signed in as 'bench-learner-<i>': the progress write row's writers. */
export const LEARNERS = 50;
export const learnerToken = (i) => `bench-learner-${i}`;

/**
 * Ensures the demo student is enrolled in a published course with progress (the seed does this; the
 * bench does not rely on it) and makes sessions whose bearer tokens are 'bench-0' … 'bench-<count>'
 * (the table keeps only their SHA-256). The sessions belong to a user of their own: a login keeps at
 * most 20 live sessions a user, so the student's own sign-in would revoke them.
 */
export async function prepareData(query, { tokens }) {
  const [student] = await query('select id from users where email = $1', [STUDENT.email]);
  if (!student) throw new Error(`the demo student ${STUDENT.email} is missing: was the demo seeded (SEED_DEMO=true)?`);

  const published = 'c.published and not c.archived';
  const [enrolled] = await query(
    `select e.course_id as id from enrollments e join courses c on c.id = e.course_id
     where e.user_id = $1 and ${published} order by e.created_at limit 1`,
    [student.id],
  );
  let courseId = enrolled?.id;
  if (!courseId) {
    const [course] = await query(`select c.id from courses c where ${published} order by c.created_at desc limit 1`);
    if (!course) throw new Error('no published course to enroll the demo student in');
    courseId = course.id;
    await query(`insert into enrollments (user_id, course_id, source) values ($1, $2, 'free')`, [student.id, courseId]);
  }
  const [progress] = await query(
    `select count(*)::int as done from lesson_progress p join lessons l on l.id = p.lesson_id
     join course_modules m on m.id = l.module_id where p.user_id = $1 and m.course_id = $2 and p.completed`,
    [student.id, courseId],
  );
  if (progress.done === 0) {
    await query(
      `insert into lesson_progress (user_id, lesson_id, completed, completed_at)
       select $1, l.id, true, now() from lessons l join course_modules m on m.id = l.module_id
       where m.course_id = $2 order by m.position, l.position limit 1`,
      [student.id, courseId],
    );
  }

  const [writer] = await query(
    `insert into users (email, name, role, password_hash) values ($1, 'Bench writer', 'student', '!')
     on conflict (email) do update set name = excluded.name returning id`,
    [WRITER_EMAIL],
  );
  await query(
    `insert into sessions (user_id, token_hash, expires_at)
     select $1, encode(sha256(convert_to('bench-' || g, 'UTF8')), 'hex'), now() + interval '1 day'
     from generate_series(0, $2::int) g`,
    [writer.id, tokens],
  );
  // A certificate of the student's, as one issued before credentials existed: the first request for its
  // credential signs and stores it, every request measured after serves the stored bytes.
  const [certificate] = await query(
    `insert into certificates (user_id, course_id, student_name, course_title)
     select u.id, c.id, u.name, c.title from users u, courses c where u.id = $1 and c.id = $2
     on conflict (user_id, course_id) do update set student_name = excluded.student_name returning id`,
    [student.id, courseId],
  );
  return {
    studentId: student.id,
    courseId,
    certificateId: certificate.id,
    writerId: writer.id,
    ...(await prepareLearners(query, courseId)),
    ...(await prepareCreator(query)),
    ...(await preparePacedCourse(query, student.id)),
  };
}

/** Modules and quizzes of the paced course: what a course released week by week looks like. */
export const PACED_MODULES = 10;

/**
 * Issue 38: a course of the bench creator released one module a week after enrollment, every other
 * module also behind a quiz, with the demo student enrolled today: most of its outline is locked for
 * them, so each read makes the student's own bytes (the per-item overlay), never the shared ones.
 */
async function preparePacedCourse(query, studentId) {
  const [creator] = await query('select id from users where email = $1', [CREATOR_EMAIL]);
  const [course] = await query(
    `insert into courses (creator_id, title, description, published) values ($1, 'Paced bench course', '<p>Weekly</p>', true)
     returning id`,
    [creator.id],
  );
  const quizzes = await query(
    `insert into quizzes (course_id, title, position, unlock_after_days)
     select $1, 'Checkpoint ' || g, 2 * g + 1, 7 * g from generate_series(0, $2::int / 2 - 1) g returning id`,
    [course.id, PACED_MODULES],
  );
  const modules = await query(
    `insert into course_modules (course_id, title, description, position, unlock_after_days, unlock_at, prerequisite_quiz_id)
     select $1, 'Week ' || (g + 1), 'What week ' || (g + 1) || ' covers.', 2 * g, 7 * g,
       case when g % 3 = 2 then now() + interval '60 days' end,
       case when g % 2 = 1 then ($2::uuid[])[g / 2 + 1] end
     from generate_series(0, $3::int - 1) g returning id`,
    [course.id, quizzes.map((quiz) => quiz.id), PACED_MODULES],
  );
  await query(
    `insert into lessons (module_id, title, type, position, duration)
     select m, 'Slide ' || g, 'text', g, '5 min' from unnest($1::uuid[]) m, generate_series(0, 3) g`,
    [modules.map((module) => module.id)],
  );
  await query(`insert into enrollments (user_id, course_id, source) values ($1, $2, 'free')`, [studentId, course.id]);
  return { pacedCourseId: course.id };
}

/**
 * LEARNERS students enrolled in the course, and the course's first module and its slides: students
 * read that module's slides and their progress, and mark slides complete, each their own rows.
 */
async function prepareLearners(query, courseId) {
  const learners = await query(
    `insert into users (email, name, role, password_hash)
     select 'bench-learner-' || g || '@bench.test', 'Bench learner ' || g, 'student', '!' from generate_series(0, $1::int - 1) g
     on conflict (email) do update set name = excluded.name returning id, email`,
    [LEARNERS],
  );
  for (const learner of learners) {
    const index = Number(learner.email.match(/^bench-learner-(\d+)@/)[1]);
    await query(
      `insert into sessions (user_id, token_hash, expires_at)
       values ($1, encode(sha256(convert_to($2, 'UTF8')), 'hex'), now() + interval '1 day') on conflict do nothing`,
      [learner.id, learnerToken(index)],
    );
    await query(`insert into enrollments (user_id, course_id, source) values ($1, $2, 'free') on conflict do nothing`, [
      learner.id,
      courseId,
    ]);
    // Their reviews, for the reviews row: every third one a rating alone, the others a paragraph.
    await query(`insert into reviews (course_id, user_id, rating, body) values ($1, $2, $3, $4) on conflict do nothing`, [
      courseId,
      learner.id,
      1 + (index % 5),
      index % 3 === 0 ? '' : `Bench review ${index}: ${'clear and practical, '.repeat(1 + (index % 7))}`,
    ]);
  }
  const [module] = await query(
    `select m.id from course_modules m where m.course_id = $1 and exists (select 1 from lessons l where l.module_id = m.id)
     order by m.position limit 1`,
    [courseId],
  );
  if (!module) throw new Error('the enrolled course has no module with slides');
  const lessons = await query(
    `select l.id from lessons l join course_modules m on m.id = l.module_id where m.course_id = $1 order by m.position, l.position`,
    [courseId],
  );
  const lessonIds = lessons.map((lesson) => lesson.id);
  return { moduleId: module.id, lessonIds, threadsLessonId: await prepareThreads(query, courseId, lessonIds.at(-1), learners) };
}

/**
 * Issue 38's threads row: twenty questions under the course's last slide, by the bench's learners,
 * each with a classmate's reply, every other one answered by the course's creator too, and upvotes.
 */
async function prepareThreads(query, courseId, lessonId, learners) {
  await query('delete from lesson_threads where lesson_id = $1', [lessonId]);
  const [course] = await query('select creator_id from courses where id = $1', [courseId]);
  const askers = learners.slice(0, 20);
  for (const [i, asker] of askers.entries()) {
    const [thread] = await query(
      `insert into lesson_threads (lesson_id, course_id, user_id, body, created_at)
       values ($1, $2, $3, $4, now() - make_interval(mins => $5)) returning id`,
      [
        lessonId,
        courseId,
        asker.id,
        `Bench question ${i}: ${'why is attention scaled by the root of the key size? '.repeat(1 + (i % 4))}`,
        i,
      ],
    );
    const classmate = askers[(i + 1) % askers.length];
    await query('insert into thread_replies (thread_id, user_id, body) values ($1, $2, $3)', [
      thread.id,
      classmate.id,
      `Bench reply ${i}: ${'the dot products grow with the dimension. '.repeat(1 + (i % 3))}`,
    ]);
    if (i % 2 === 0) {
      await query('insert into thread_replies (thread_id, user_id, body) values ($1, $2, $3)', [
        thread.id,
        course.creator_id,
        'Exactly: without it the softmax saturates and the gradients vanish.',
      ]);
      await query('update lesson_threads set answered_at = now() where id = $1', [thread.id]);
    }
    for (const voter of askers.slice(0, i % 6)) {
      if (voter.id !== asker.id)
        await query('insert into thread_upvotes (thread_id, user_id) values ($1, $2)', [thread.id, voter.id]);
    }
  }
  return lessonId;
}

/**
 * A creator with a published course of one module and two slides: the creator row edits the first
 * slide, and the background writer (creators at work while students browse) the second.
 */
async function prepareCreator(query) {
  const [creator] = await query(
    `insert into users (email, name, role, password_hash) values ($1, 'Bench creator', 'creator', '!')
     on conflict (email) do update set name = excluded.name returning id`,
    [CREATOR_EMAIL],
  );
  await query(
    `insert into sessions (user_id, token_hash, expires_at)
     values ($1, encode(sha256(convert_to($2, 'UTF8')), 'hex'), now() + interval '1 day') on conflict do nothing`,
    [creator.id, CREATOR_TOKEN],
  );
  const [course] = await query(
    `insert into courses (creator_id, title, description, published) values ($1, 'Bench course', '<p>Edited by the bench</p>', true)
     returning id`,
    [creator.id],
  );
  const [module] = await query(
    `insert into course_modules (course_id, title, position) values ($1, 'Bench module', 0) returning id`,
    [course.id],
  );
  const slides = await query(
    `insert into lessons (module_id, title, type, position, content)
     values ($1, 'Slide one', 'text', 0, '<p>One</p>'), ($1, 'Slide two', 'text', 1, '<p>Two</p>') returning id`,
    [module.id],
  );
  await prepareSales(query, { creatorId: creator.id, courseId: course.id });
  await prepareCarts(query, creator.id);
  return { creatorCourseId: course.id, editedLessonId: slides[0].id, backgroundLessonId: slides[1].id };
}

/** Courses in each learner's cart: the cart checkout row pays for CART_SIZE paid courses at once. */
export const CART_SIZE = 3;
async function prepareCarts(query, creatorId) {
  const paid = await query(
    `insert into courses (creator_id, title, description, published, price_cents)
     select $1, 'Bench cart course ' || g, '<p>Bought in a cart</p>', true, 1000 * g from generate_series(1, $2::int) g
     returning id`,
    [creatorId, CART_SIZE],
  );
  for (const course of paid) {
    const [module] = await query(
      `insert into course_modules (course_id, title, position) values ($1, 'Cart module', 0) returning id`,
      [course.id],
    );
    await query(
      `insert into lessons (module_id, title, type, position, content) values ($1, 'Cart slide', 'text', 0, '<p>One</p>')`,
      [module.id],
    );
  }
  await query(
    `insert into cart_items (user_id, course_id)
     select u.id, c.id from users u cross join unnest($1::uuid[]) as c(id)
     where u.email like 'bench-learner-%@bench.test' on conflict do nothing`,
    [paid.map((course) => course.id)],
  );
}

/** Sales of the bench course over the last year, one in ten refunded: what the creator's earnings add up. */
export const SALES = 600;
async function prepareSales(query, { creatorId, courseId }) {
  const buyers = await query(
    `insert into users (email, name, role, password_hash)
     select 'bench-buyer-' || g || '@bench.test', 'Bench buyer ' || g, 'student', '!' from generate_series(0, $1::int - 1) g
     on conflict (email) do update set name = excluded.name returning id`,
    [SALES],
  );
  // Inserted as succeeded, then one in ten refunded: the payments trigger writes the ledger (migration 0025).
  await query(
    `insert into payments (user_id, course_id, provider, provider_payment_id, amount_cents, list_price_cents, status)
     select b.id, $1, 'test', 'bench_' || b.id, 1000 + (row_number() over () % 5) * 1000, 3000, 'succeeded'
     from unnest($2::uuid[]) as b(id)
     on conflict do nothing`,
    [courseId, buyers.map((buyer) => buyer.id)],
  );
  await query(
    `update payments set status = 'refunded' where course_id = $1 and provider_payment_id like 'bench_%'
       and (hashtext(id::text) % 10) = 0 and status = 'succeeded'`,
    [courseId],
  );
  // Spread over the last twelve months, as a year of selling would leave them.
  await query(
    `update ledger_entries set created_at = now() - ((hashtext(payment_id::text) & 1023) % 365) * interval '1 day'
     where creator_id = $1`,
    [creatorId],
  );
}
