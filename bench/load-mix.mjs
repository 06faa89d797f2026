// The learners of `npm run bench:load`: what each connection does in turn, over and over, and the
// accounting of every answer by the kind of request it answered.
import { apiCaller } from './lib.mjs';

const PASSWORD = 'load-bench-pass';

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * The demo's free courses as a learner finds them: for each, a module with slides and a quiz with
 * its questions (read as an enrolled scout, since both are for enrolled students only).
 */
export async function findFreeCourses(base) {
  const { api } = apiCaller(base);
  const scout = await signUp(base, 'load-scout@bench.test');
  const catalogue = await api('GET', '/api/courses');
  const courses = [];
  for (const course of catalogue.filter((candidate) => Number(candidate.price) === 0)) {
    await api('POST', '/api/enroll-free', scout, { courseId: course.id });
    const quizzes = await api('GET', `/api/courses/${course.id}/quizzes`, scout);
    const questions = quizzes.length ? await api('GET', `/api/quizzes/${quizzes[0].id}/questions`, scout) : [];
    for (const module of await api('GET', `/api/courses/${course.id}/modules`, scout)) {
      const lessons = await api('GET', `/api/modules/${module.id}/lessons`, scout);
      if (lessons.length === 0 || questions.length === 0) continue;
      courses.push({
        id: course.id,
        moduleId: module.id,
        lessonIds: lessons.map((lesson) => lesson.id),
        quizId: quizzes[0].id,
        questionIds: questions.map((question) => question.id),
      });
      break;
    }
  }
  if (courses.length === 0) throw new Error('the demo has no free course with slides and a quiz: was it seeded?');
  return courses;
}

async function signUp(base, email) {
  const { api } = apiCaller(base);
  const { token } = await api('POST', '/api/auth/signup', undefined, { email, password: PASSWORD, name: 'Load learner' });
  return token;
}

/** `count` learner accounts, made over HTTP a few at a time (each sign-up hashes a password). */
export async function makeLearners(base, count) {
  const emails = Array.from({ length: count }, (_, i) => `load-learner-${i}@bench.test`);
  const queue = [...emails];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let email = queue.pop(); email; email = queue.pop()) await signUp(base, email);
    }),
  );
  return emails;
}

/**
 * One visit, in autocannon's terms (each connection goes through the list, then starts again with a
 * fresh context): browse, open two courses and their outlines, sign in, enroll in the second, look
 * at My Courses, read its slides and mark three, read the progress, take the quiz. About twenty
 * requests a sign-in, whose password hash is by far the dearest of them. Each request carries its
 * `kind`; `context` keeps the visit's course, token and attempt.
 */
export function visit({ courses, emails }) {
  let nextLearner = 0;
  const json = { 'content-type': 'application/json' };
  const authed = (context, extra = {}) => ({ authorization: `Bearer ${context.token}`, ...extra });
  const read = (kind, path, { signedIn = true } = {}) => ({
    kind,
    method: 'GET',
    setupRequest: (request, context) => ({ ...request, path: path(context), headers: signedIn ? authed(context) : {} }),
  });
  const send = (kind, path, body, method = 'POST') => ({
    kind,
    method,
    setupRequest: (request, context) => ({
      ...request,
      path: path(context),
      headers: authed(context, json),
      body: JSON.stringify(body(context)),
    }),
  });
  const openCourse = {
    kind: 'open course',
    method: 'GET',
    setupRequest: (request, context) => {
      context.course = pick(courses);
      context.answered = 0;
      return { ...request, path: `/api/courses/${context.course.id}` };
    },
  };
  const outline = read('course outline', (context) => `/api/courses/${context.course.id}/modules`, { signedIn: false });
  const markSlide = send(
    'mark progress',
    () => '/api/progress',
    (context) => ({ lessonId: pick(context.course.lessonIds), completed: true, completedAt: new Date().toISOString() }),
  );
  const answer = send(
    'answer quiz',
    (context) => `/api/quiz-attempts/${context.attemptId}/answers`,
    (context) => ({
      questionId: context.course.questionIds[context.answered++ % context.course.questionIds.length],
      selectedOption: 1,
    }),
  );
  return [
    { kind: 'browse catalogue', method: 'GET', path: '/api/courses' },
    openCourse,
    outline,
    openCourse,
    outline,
    {
      kind: 'sign in',
      method: 'POST',
      path: '/api/auth/login',
      headers: json,
      // A learner's oldest sessions are revoked past 20 live ones: taking turns keeps every token in use alive.
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({ email: emails[nextLearner++ % emails.length], password: PASSWORD }),
      }),
      onResponse: (status, body, context) => {
        if (status === 200) context.token = JSON.parse(body).token;
      },
    },
    send(
      'enroll free',
      () => '/api/enroll-free',
      (context) => ({ courseId: context.course.id }),
    ),
    read('my courses', () => '/api/my-courses'),
    read('lesson list', (context) => `/api/modules/${context.course.moduleId}/lessons`),
    markSlide,
    markSlide,
    markSlide,
    read('course progress', (context) => `/api/courses/${context.course.id}/progress`),
    {
      ...send(
        'start quiz',
        (context) => `/api/quizzes/${context.course.quizId}/attempts?forceNew=true`,
        () => ({}),
      ),
      onResponse: (status, body, context) => {
        if (status === 200) context.attemptId = JSON.parse(body).id;
      },
    },
    answer,
    answer,
    answer,
    send(
      'complete quiz',
      (context) => `/api/quiz-attempts/${context.attemptId}/complete`,
      () => ({}),
      'PATCH',
    ),
  ];
}

/**
 * Per kind: answers by status, latencies, connection errors and timeouts. Hooked into each autocannon
 * client (its `setupClient`), whose current request is still the answered one when it reports.
 */
export function kindAccounting() {
  const kinds = new Map();
  const of = (client) => {
    const kind = client.requestIterator.currentRequest.kind;
    if (!kinds.has(kind)) kinds.set(kind, { latencies: [], ok: 0, non2xx: 0, statuses: {}, errors: 0 });
    return kinds.get(kind);
  };
  return {
    kinds,
    setupClient(client) {
      client.on('response', (status, _bytes, latency) => {
        const stats = of(client);
        stats.latencies.push(latency);
        if (status >= 200 && status < 300) stats.ok += 1;
        else {
          stats.non2xx += 1;
          stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
        }
      });
      client.on('timeout', () => {
        of(client).errors += 1;
      });
      client.on('connError', () => {
        of(client).errors += 1;
      });
    },
  };
}
