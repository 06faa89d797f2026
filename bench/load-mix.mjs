// The learners of `npm run bench:load`: what each connection does in turn, over and over, and the
// accounting of every answer by the kind of request it answered.
import { apiCaller } from './lib.mjs';

const PASSWORD = 'load-bench-pass';
const DRAWN_PAGE_MIN_BYTES = 8 * 1024;

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

/** `count` learner accounts, made over HTTP a few at a time (each sign-up hashes a password), with their tokens. */
export async function makeLearners(base, count) {
  const learners = Array.from({ length: count }, (_, i) => ({ email: `load-learner-${i}@bench.test`, token: '' }));
  const queue = [...learners];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let learner = queue.pop(); learner; learner = queue.pop()) learner.token = await signUp(base, learner.email);
    }),
  );
  return learners;
}

/**
 * One visit, in autocannon's terms (each connection goes through the list, then starts again with a
 * fresh context): open the home page (drawn by the server, ADR 0019) and browse, open two courses and
 * their outlines, then sign in (`isSigningIn`) or, as a returning learner whose 30-day session is still
 * alive, have the app check the stored token; enroll in the second course, open its Learn page (drawn
 * for the learner, named by the page-session cookie), look at My Courses, read its slides and mark
 * three, read the progress, take the quiz. Learners take turns, each visit the next one. Each request carries its
 * `kind`; `context` keeps the visit's course, token and attempt.
 */
export function visit({ courses, learners, isSigningIn }) {
  let nextLearner = 0;
  const takeTurn = () => learners[nextLearner++ % learners.length];
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
  const learnPage = {
    kind: 'learn page',
    method: 'GET',
    setupRequest: (request, context) => ({
      ...request,
      path: `/course/${context.course.id}/learn`,
      headers: { cookie: `ga_session=${context.token}` },
    }),
  };
  return [
    { kind: 'home page', method: 'GET', path: '/' },
    { kind: 'browse catalogue', method: 'GET', path: '/api/courses' },
    openCourse,
    outline,
    openCourse,
    outline,
    isSigningIn
      ? {
          kind: 'sign in',
          method: 'POST',
          path: '/api/auth/login',
          headers: json,
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ email: takeTurn().email, password: PASSWORD }) }),
          onResponse: (status, body, context) => {
            if (status === 200) context.token = JSON.parse(body).token;
          },
        }
      : {
          kind: 'session check',
          method: 'GET',
          path: '/api/auth/me',
          setupRequest: (request, context) => {
            context.token = takeTurn().token;
            return { ...request, headers: authed(context) };
          },
        },
    send(
      'enroll free',
      () => '/api/enroll-free',
      (context) => ({ courseId: context.course.id }),
    ),
    learnPage,
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
 * Per kind: answers by status, latencies, connection errors and timeouts, hooked into each autocannon
 * client (its `setupClient`). The kind is taken as each request is written to the socket: a client
 * reports an answer or a connection error before it sends the next request, but a timeout only
 * after it has reconnected and sent the next one, so a timeout belongs to the request sent before.
 */
export function kindAccounting() {
  const kinds = new Map();
  const statsOf = (kind) => {
    if (!kinds.has(kind)) kinds.set(kind, { latencies: [], ok: 0, non2xx: 0, statuses: {}, errors: 0 });
    return kinds.get(kind);
  };
  return {
    kinds,
    setupClient(client) {
      let sent;
      let sentBefore;
      const requestBuffer = client.getRequestBuffer.bind(client);
      client.getRequestBuffer = () => {
        sentBefore = sent;
        sent = client.requestIterator.currentRequest.kind;
        return requestBuffer();
      };
      client.on('response', (status, bytes, latency) => {
        const stats = statsOf(sent);
        stats.latencies.push(latency);
        // A drawn page carries its drawing and its answers (20 KB and more); the undrawn one is ~2 KB.
        if (sent.endsWith(' page') && status === 200 && bytes > DRAWN_PAGE_MIN_BYTES) stats.drawn = (stats.drawn ?? 0) + 1;
        if (status >= 200 && status < 300) stats.ok += 1;
        else {
          stats.non2xx += 1;
          stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
        }
      });
      client.on('connError', () => {
        statsOf(sent).errors += 1;
      });
      client.on('timeout', () => {
        statsOf(sentBefore).errors += 1;
      });
    },
  };
}
