// A synthetic catalogue for bench/scale.mjs, written with SQL into a migrated database while the server
// is stopped: `INSERT … SELECT … FROM generate_series` in batches, with triggers off
// (session_replication_role = replica, which also skips foreign-key checks: the rows are consistent by
// construction), then what the triggers keep set in single statements, as the app would have left it.
//
// Shape for N courses (the demo's six included): a creator per 20 courses; 2 % drafts (no students)
// and 2 % archived; titles and descriptions from machine-learning word lists; 2 modules × 3 text slides
// each; N / 2 students with 20 enrollments each (10 N in all), the most popular courses far ahead of the
// tail; a review on every fifth enrollment (2 N), its author with the course's first slide done (the
// review rule). One more student, enrolled in exactly 200 published courses, holds a known session token.
import { createHash } from 'node:crypto';

export const MY_COURSES_TOKEN = 'bench-scale-student';
export const MY_COURSES_ENROLLMENTS = 200;
const STUDENTS_PER_COURSE = 0.5;
const ENROLLMENTS_PER_STUDENT = 20;
/** Every fifth enrollment reviews its course: 2 reviews a course. */
const REVIEW_EVERY = 5;
const COURSES_PER_CREATOR = 20;
const MODULES = 2;
const SLIDES = 3;
const COURSE_BATCH = 5_000;
const USER_BATCH = 20_000;
const STUDENT_BATCH = 5_000;
const SEARCH_BATCH = 1_000;
/** Courses created over the last two years, in minutes. */
const AGE_MINUTES = 2 * 365 * 24 * 60;

const PREFIXES = [
  'Practical',
  'Applied',
  'Hands-On',
  'Modern',
  'Introduction to',
  'Foundations of',
  'Advanced',
  'Mastering',
  'A Gentle Introduction to',
  'Production',
  'Essential',
  'Deep Dive into',
];
const TOPICS = [
  'Neural Networks',
  'Machine Learning',
  'Deep Learning',
  'Reinforcement Learning',
  'Computer Vision',
  'Natural Language Processing',
  'Transformers',
  'Large Language Models',
  'Graph Neural Networks',
  'Generative Models',
  'Diffusion Models',
  'Time Series Forecasting',
  'Recommender Systems',
  'Bayesian Inference',
  'Gradient Boosting',
  'Convolutional Neural Networks',
  'Recurrent Neural Networks',
  'MLOps',
  'Data Science',
  'Feature Engineering',
  'Speech Recognition',
  'Anomaly Detection',
  'Neural Machine Translation',
  'Prompt Engineering',
  'Vector Databases',
  'Statistical Learning',
  'Optimization for Deep Learning',
];
const SUFFIXES = [
  ' with PyTorch',
  ' in Python',
  ' with TensorFlow',
  ' with JAX',
  ' from Scratch',
  ' for Beginners',
  ' in Production',
  ' with scikit-learn',
  ' for Engineers',
  ': Theory and Practice',
  ' with Hugging Face',
  ' on the Edge',
  ' at Scale',
];
const LEADS = [
  'A practical course on',
  'Learn',
  'Build a working intuition for',
  'Everything an engineer needs to know about',
  'Go from zero to confident with',
  'A project-based tour of',
];
const MIDDLES = [
  'through worked examples and short quizzes',
  'on real datasets, from loading the data to evaluating the model',
  'with notebooks you can run on a laptop',
  'from the mathematics up to a deployed service',
  'one small project at a time',
];
const CLOSINGS = [
  'Prerequisites: basic Python and some algebra.',
  'You will train a small neural network along the way.',
  'Each module ends with a quiz and a short exercise.',
  'Includes gradient descent, regularisation and evaluation metrics.',
  'We use PyTorch, NumPy and pandas throughout.',
  'Ideal for analysts moving into machine learning.',
];
const MODULE_TITLES = [
  'Getting Started',
  'Data and Features',
  'Training Loops',
  'Evaluation and Metrics',
  'Regularisation',
  'Model Architectures',
  'Deployment',
  'Case Studies',
  'Loss Functions',
  'Embeddings',
];
const SLIDE_TITLES = [
  'Why It Matters',
  'Tensors and Shapes',
  'Gradient Descent',
  'Backpropagation',
  'Overfitting',
  'Attention',
  'Tokenization',
  'Batch Normalisation',
  'Learning Rate Schedules',
  'Cross-Validation',
  'Confusion Matrices',
  'Saving and Loading Models',
];
const FIRST_NAMES = ['Ada', 'Alan', 'Grace', 'Yann', 'Fei', 'Andrew', 'Daphne', 'Geoffrey', 'Cynthia', 'Ian', 'Jürgen', 'Mira'];
const LAST_NAMES = ['Okafor', 'Lindqvist', 'Nakamura', 'García', 'Chen', 'Novak', 'Singh', 'Moreau', 'Kowalski', 'Haddad'];
const HEADLINES = ['ML engineer', 'Research scientist', 'Data scientist', 'Lecturer in AI', 'Applied scientist'];
const PRICES = [1499, 1999, 2499, 2999, 3999, 4999, 7999, 9999, 14999];
const REVIEW_OPENERS = [
  'Clear explanations and',
  'Great pacing and',
  'A solid course with',
  'Dense but rewarding, with',
  'Well structured, with',
  'A bit fast in places, but',
];
const REVIEW_DETAILS = [
  'exercises that build on each other.',
  'excellent notebooks I keep coming back to.',
  'quizzes that check the right things.',
  'diagrams that make every step concrete.',
  'a final project worth doing twice.',
];

const literal = (text) => `'${text.replaceAll("'", "''")}'`;
const array = (items) => `array[${items.map((item) => (typeof item === 'number' ? item : literal(item))).join(', ')}]`;
/** One word of a list, picked by the row's pseudo-random number `salt`. */
const pick = (items, index, salt) => `(${array(items)})[1 + pg_temp.bench_rand(${index}, ${salt}, ${items.length})]`;

/** What the seed makes ids for: each kind's ids start with its own eight hex digits. */
const KINDS = ['creator', 'student', 'course', 'module', 'lesson', 'enrollment', 'review'];

/**
 * Deterministic ids and pseudo-random numbers, made in the seeding session only (pg_temp), so the
 * database keeps no trace of the bench. Ids are version-4-shaped uuids (as the app's, which z.uuid()
 * checks) counting up within a kind: each batch appends to the primary keys' indexes instead of
 * writing all over them, which more than halved the seeding time of 1,000,000 enrollments.
 */
const HELPERS = [
  `create function pg_temp.bench_rand(i bigint, salt int, n int) returns int language sql immutable
     as $$ select ((hashint8(i * 64 + salt)::bigint + 2147483648) % greatest(n, 1))::int $$`,
  `create function pg_temp.bench_uuid(kind text, i bigint) returns uuid language sql immutable
     as $$ select (case kind ${KINDS.map((kind, index) => `when '${kind}' then '${(0xbe0c0000 + index + 1).toString(16)}'`).join(' ')} end
                   || '-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid $$`,
];

/**
 * Functions whose triggers are off while seeding because the seed does their work afterwards, in bulk:
 * announcements to the caches (the server starts with empty caches), the denormalised counts, the row
 * version. Any other trigger fires during the seed, row by row, as the app's writes would fire it.
 */
const REDONE = new Set(['ga_count_students', 'ga_count_ratings', 'ga_count_course_version']);
const isNotify = (fn) => fn.startsWith('ga_notify_');
/** Course search documents (migration 0021): kept per course by ga_refresh_course_search, called in batches here. */
const isSearchTrigger = (fn) => fn.startsWith('ga_course_search_of_');

async function userTriggers(query) {
  return query(
    `select t.tgname as trigger, c.relname as "table", p.proname as function, t.tgenabled as enabled
     from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     join pg_proc p on p.oid = t.tgfoid
     where not t.tgisinternal and n.nspname = 'public' order by c.relname, t.tgname`,
  );
}

const ENABLE = { O: 'enable', D: 'disable', R: 'enable replica', A: 'enable always' };
const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

/**
 * Seeds `courses` courses in all (the demo's included) into the migrated database `query` reaches,
 * logging progress through `log`; answers what the rows measured need and the counts made.
 */
export async function seedCatalogue(run, { courses: total, log = () => {} }) {
  // PGlite answers in microtasks: without a turn of the event loop between statements a Ctrl-C
  // waited for the whole seed.
  const query = async (text, params) => {
    await new Promise((resolve) => setImmediate(resolve));
    return run(text, params);
  };
  const [{ demo }] = await query(`select count(*)::int as demo from courses`);
  const synthetic = total - demo;
  if (synthetic < 200) throw new Error(`a catalogue of ${total} courses leaves too few synthetic ones beside the demo's ${demo}`);
  const drafts = Math.floor(synthetic * 0.02);
  /** Courses 0 … live - 1 are published (every 50th of them archived); the drafts come after. */
  const live = synthetic - drafts;
  const creators = Math.ceil(synthetic / COURSES_PER_CREATOR);
  const students = Math.ceil(total * STUDENTS_PER_COURSE);

  for (const helper of HELPERS) await query(helper);
  const [{ refresh }] = await query(
    `select exists (select 1 from pg_proc where proname = 'ga_refresh_course_search') as refresh`,
  );
  const triggers = await userTriggers(query);
  let studentId;
  const firing = triggers.filter(({ function: fn }) => !isNotify(fn) && !REDONE.has(fn) && !(refresh && isSearchTrigger(fn)));
  if (firing.length > 0) {
    log(`  triggers left firing row by row while seeding: ${firing.map((t) => `${t.table}.${t.trigger}`).join(', ')}`);
  }

  await query(`set session_replication_role = replica`);
  // PostgreSQL: a crash mid-seed loses nothing that matters (the database is the bench's); PGlite ignores it.
  await query(`set synchronous_commit = off`);
  for (const t of firing) await query(`alter table ${quoteIdent(t.table)} enable always trigger ${quoteIdent(t.trigger)}`);
  try {
    await seedCreators(query, creators);
    await timed(log, `  ${synthetic} courses, ${synthetic * MODULES} modules, ${synthetic * MODULES * SLIDES} slides`, () =>
      seedCourses(query, { synthetic, live, creators }),
    );
    if (refresh) await timed(log, `  ${synthetic} search documents`, () => seedSearchDocuments(query, synthetic));
    await seedStudents(query, students);
    await timed(
      log,
      `  ${students * ENROLLMENTS_PER_STUDENT} enrollments, ${(students * ENROLLMENTS_PER_STUDENT) / REVIEW_EVERY} reviews`,
      () => seedEnrollments(query, { students, live }),
    );
    ({ studentId } = await seedMyCoursesStudent(query, { students, live }));
    await timed(log, '  student counts and ratings', () => seedCounts(query));
  } finally {
    for (const t of firing) {
      await query(`alter table ${quoteIdent(t.table)} ${ENABLE[t.enabled] ?? 'enable'} trigger ${quoteIdent(t.trigger)}`);
    }
    await query(`set session_replication_role = origin`);
  }
  await timed(log, '  vacuum and analyze', () => query('vacuum (analyze)'));

  const [popular] = await query(
    `select id, rating_count as reviews, student_count as students from courses
     where published and not archived order by rating_count desc, id limit 1`,
  );
  const [counts] = await query(
    `select (select count(*)::int from courses) as courses,
            (select count(*)::int from courses where published and not archived) as listed,
            (select count(*)::int from lessons) as slides,
            (select count(*)::int from users) as users,
            (select count(*)::int from enrollments) as enrollments,
            (select count(*)::int from reviews) as reviews`,
  );
  if (refresh) {
    const [search] = await query(`select count(*)::int as documents from course_search`);
    counts.searchDocuments = search.documents;
  }
  return { popularCourseId: popular.id, popular, counts, studentId };
}

async function timed(log, label, work) {
  const started = performance.now();
  const result = await work();
  log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function seedCreators(query, creators) {
  for (let lo = 0; lo < creators; lo += USER_BATCH) {
    const hi = Math.min(creators, lo + USER_BATCH);
    await query(
      `insert into users (id, email, name, role, password_hash, headline, created_at, updated_at)
       select pg_temp.bench_uuid('creator', j), 'creator-' || j || '@scale.bench',
         ${pick(FIRST_NAMES, 'j', 40)} || ' ' || ${pick(LAST_NAMES, 'j', 41)}, 'creator', '!', ${pick(HEADLINES, 'j', 42)},
         now() - interval '800 days', now() - interval '800 days'
       from generate_series($1::int, $2::int - 1) j`,
      [lo, hi],
    );
  }
}

/** Minutes since synthetic course `i` was created (SQL over the index expression `i`). */
const courseAge = (i) => `pg_temp.bench_rand(${i}, 10, ${AGE_MINUTES})`;
/** Whether synthetic course `i` is free (SQL): 15 % are. */
const isFree = (i) => `pg_temp.bench_rand(${i}, 4, 100) < 15`;

async function seedCourses(query, { synthetic, live, creators }) {
  for (let lo = 0; lo < synthetic; lo += COURSE_BATCH) {
    const hi = Math.min(synthetic, lo + COURSE_BATCH);
    await query(
      `insert into courses (id, creator_id, title, description, price_cents, difficulty, duration, published, archived,
                            created_at, updated_at)
       select pg_temp.bench_uuid('course', i), pg_temp.bench_uuid('creator', i % $3::int),
         w.prefix || ' ' || w.topic || w.suffix,
         '<p>' || w.lead || ' ' || lower(w.topic) || ' ' || w.middle || '.</p><p>' || w.closing || '</p>',
         case when ${isFree('i')} then 0 else ${pick(PRICES, 'i', 5)} end,
         ${pick(['Beginner', 'Intermediate', 'Advanced'], 'i', 6)},
         (1 + pg_temp.bench_rand(i, 7, 20)) || 'h ' || (10 * pg_temp.bench_rand(i, 8, 6)) || 'm',
         i < $4::int, i < $4::int and i % 50 = 25,
         w.created_at, w.created_at + interval '1 hour'
       from generate_series($1::int, $2::int - 1) i
       cross join lateral (select
         ${pick(PREFIXES, 'i', 1)} as prefix, ${pick(TOPICS, 'i', 2)} as topic, ${pick(SUFFIXES, 'i', 3)} as suffix,
         ${pick(LEADS, 'i', 11)} as lead, ${pick(MIDDLES, 'i', 12)} as middle, ${pick(CLOSINGS, 'i', 13)} as closing,
         now() - make_interval(mins => ${courseAge('i')}) as created_at) w`,
      [lo, hi, creators, live],
    );
    await query(
      `insert into course_modules (id, course_id, title, description, position)
       select pg_temp.bench_uuid('module', j), pg_temp.bench_uuid('course', j / ${MODULES}), ${pick(MODULE_TITLES, 'j', 20)},
         'What this part covers, in one sentence.', j % ${MODULES}
       from generate_series($1::int * ${MODULES}, $2::int * ${MODULES} - 1) j`,
      [lo, hi],
    );
    await query(
      `insert into lessons (id, module_id, title, type, position, content, duration)
       select pg_temp.bench_uuid('lesson', k), pg_temp.bench_uuid('module', k / ${SLIDES}), ${pick(SLIDE_TITLES, 'k', 30)}, 'text',
         k % ${SLIDES}, '<h2>' || ${pick(SLIDE_TITLES, 'k', 30)} || '</h2><p>A short text slide: the idea, a worked example and '
           || 'what to remember. Read it, then mark it complete.</p>',
         (3 + pg_temp.bench_rand(k, 31, 12)) || ' min'
       from generate_series($1::int * ${MODULES * SLIDES}, $2::int * ${MODULES * SLIDES} - 1) k`,
      [lo, hi],
    );
  }
}

/**
 * Each synthetic course's search document, made by the app's own ga_refresh_course_search, a batch
 * of courses a statement. Its reads need the tables' statistics first (PGlite has no autovacuum: with
 * none, each call scanned every slide, and 10,000 courses took minutes), and the table's own indexes
 * (GIN, trigram) are built once afterwards instead of growing a row at a time, as a bulk load does.
 */
async function seedSearchDocuments(query, synthetic) {
  await query('analyze users, courses, course_modules, lessons');
  const indexes = await query(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'public' and tablename = 'course_search'
       and indexname not in (select conname from pg_constraint where conrelid = 'course_search'::regclass)`,
  );
  for (const index of indexes) await query(`drop index ${quoteIdent(index.name)}`);
  try {
    for (let lo = 0; lo < synthetic; lo += SEARCH_BATCH) {
      await query(
        `select count(ga_refresh_course_search(pg_temp.bench_uuid('course', i))) from generate_series($1::int, $2::int - 1) i`,
        [lo, Math.min(synthetic, lo + SEARCH_BATCH)],
      );
    }
  } finally {
    for (const index of indexes) await query(index.definition);
  }
}

async function seedStudents(query, students) {
  for (let lo = 0; lo < students; lo += USER_BATCH) {
    const hi = Math.min(students, lo + USER_BATCH);
    await query(
      `insert into users (id, email, name, role, password_hash, created_at, updated_at)
       select pg_temp.bench_uuid('student', s), 'student-' || s || '@scale.bench',
         ${pick(FIRST_NAMES, 's', 43)} || ' ' || ${pick(LAST_NAMES, 's', 44)}, 'student', '!',
         now() - interval '800 days', now() - interval '800 days'
       from generate_series($1::int, $2::int - 1) s`,
      [lo, hi],
    );
  }
}

/**
 * Student s's k-th enrollment (k = 0 … 19) is in course k + ⌊(live − 20)·((k + x_s) / 20)³⌋, x_s in
 * [0, 1) per student: strictly increasing in k (so no student enrolls twice), and dense at the start, so
 * the first courses have thousands of students and the tail a handful. Each enrollment falls after its
 * course was made; the review, and the first slide done that it needs, after the enrollment.
 */
async function seedEnrollments(query, { students, live }) {
  for (let lo = 0; lo < students; lo += STUDENT_BATCH) {
    const hi = Math.min(students, lo + STUDENT_BATCH);
    await query(
      `with g as materialized (
         select s, k, e, c, enrolled_ago, pg_temp.bench_rand(e, 14, enrolled_ago) as reviewed_ago
         from (select s, k, s * ${ENROLLMENTS_PER_STUDENT} + k as e,
                 k + floor(($3::int - ${ENROLLMENTS_PER_STUDENT}) * power((k + pg_temp.bench_rand(s, 11, 1000000) / 1e6)
                   / ${ENROLLMENTS_PER_STUDENT}.0, 3))::int as c
               from generate_series($1::int, $2::int - 1) s, generate_series(0, ${ENROLLMENTS_PER_STUDENT - 1}) k) picked
         cross join lateral (select 1 + pg_temp.bench_rand(e, 12, ${courseAge('c')}) as enrolled_ago) a
       ),
       enrolled as (
         insert into enrollments (id, user_id, course_id, source, created_at)
         select pg_temp.bench_uuid('enrollment', e), pg_temp.bench_uuid('student', s), pg_temp.bench_uuid('course', c),
           case when ${isFree('c')} then 'free' else 'payment' end, now() - make_interval(mins => enrolled_ago)
         from g
       ),
       reviewed as (
         insert into reviews (id, course_id, user_id, rating, body, created_at, updated_at)
         select pg_temp.bench_uuid('review', e), pg_temp.bench_uuid('course', c), pg_temp.bench_uuid('student', s),
           case when pg_temp.bench_rand(c, 15, 4) = 0 then ${pick([3, 3, 2, 4, 1, 5, 3, 2, 4, 3], 'e', 16)}
                else ${pick([5, 5, 5, 5, 4, 4, 4, 3, 2, 1], 'e', 16)} end,
           case when pg_temp.bench_rand(e, 17, 3) = 0 then ''
                else repeat(${pick(REVIEW_OPENERS, 'e', 18)} || ' ' || ${pick(REVIEW_DETAILS, 'e', 19)} || ' ',
                            1 + pg_temp.bench_rand(e, 21, 4)) end,
           now() - make_interval(mins => reviewed_ago), now() - make_interval(mins => reviewed_ago)
         from g where (s + k) % ${REVIEW_EVERY} = 0
       )
       insert into lesson_progress (user_id, lesson_id, completed, completed_at)
       select pg_temp.bench_uuid('student', s), pg_temp.bench_uuid('lesson', c::bigint * ${MODULES * SLIDES}), true,
         now() - make_interval(mins => reviewed_ago + 1)
       from g where (s + k) % ${REVIEW_EVERY} = 0`,
      [lo, hi, live],
    );
  }
}

/**
 * One more student, enrolled in MY_COURSES_ENROLLMENTS published courses spread over the catalogue
 * (an archived one's neighbour instead), a slide done in every fourth and all of every tenth, signed
 * in with MY_COURSES_TOKEN.
 */
async function seedMyCoursesStudent(query, { students, live }) {
  const [student] = await query(
    `insert into users (id, email, name, role, password_hash)
     values (pg_temp.bench_uuid('student', $1::int), 'bench-scale-student@scale.bench', 'Scale Student', 'student', '!')
     returning id`,
    [students],
  );
  await query(`insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`, [
    student.id,
    createHash('sha256').update(MY_COURSES_TOKEN).digest('hex'),
  ]);
  const picked = `select j, c + (c % 50 = 25)::int as c
                  from (select j, (j * $2::bigint / ${MY_COURSES_ENROLLMENTS})::int as c
                        from generate_series(0, ${MY_COURSES_ENROLLMENTS - 1}) j) spread`;
  await query(
    `insert into enrollments (user_id, course_id, source, created_at)
     select $1::uuid, pg_temp.bench_uuid('course', c), case when ${isFree('c')} then 'free' else 'payment' end,
       now() - make_interval(hours => j + 1)
     from (${picked}) p`,
    [student.id, live],
  );
  await query(
    `insert into lesson_progress (user_id, lesson_id, completed, completed_at)
     select $1::uuid, pg_temp.bench_uuid('lesson', c::bigint * ${MODULES * SLIDES} + slide), true, now() - make_interval(hours => j)
     from (${picked}) p, generate_series(0, ${MODULES * SLIDES - 1}) slide
     where (j % 4 = 0 and slide = 0) or j % 10 = 0`,
    [student.id, live],
  );
  return { studentId: student.id };
}

/** What ga_count_students (0008) and ga_count_ratings (0017) keep, set for every course at once. */
async function seedCounts(query) {
  await query(
    `update courses c set student_count = n.students
     from (select course_id, count(*)::int as students from enrollments group by course_id) n
     where n.course_id = c.id and c.student_count <> n.students`,
  );
  // As the trigger computes it: the integer total over the count, in real arithmetic; hidden reviews count nowhere.
  await query(
    `update courses c set rating_total = r.total, rating_count = r.n, rating_average = r.total::real / r.n
     from (select course_id, sum(rating)::int as total, count(*)::int as n from reviews where hidden_at is null
           group by course_id) r
     where r.course_id = c.id`,
  );
}
