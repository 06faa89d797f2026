import {
  type AccessWorld,
  FACTORY_PASSWORD,
  type Principal,
  TEST_CARD,
  uniqueCouponCode,
  uniqueEmail,
} from '#tests/access-matrix.world';
import { PNG_BYTES } from '#tests/helpers/media-bytes';

/*
 * THE ACCESS MATRIX: every route the app serves × every kind of caller, with the HTTP status each
 * must get. access-matrix.test.ts runs every cell against the world of access-matrix.world.ts, and
 * fails on any cell that answers otherwise, on any route of the app without a row here, and on any
 * row whose route the app no longer has.
 *
 * One row:
 *   route    `METHOD /path/:param` exactly as Fastify registers it (`*` for a wildcard). A HEAD twin
 *            of a GET route is covered by the GET row: each GET cell is also sent as HEAD and must get
 *            the same status.
 *   on       what the request targets, when one route has several rows (a draft, a paid course, …).
 *   expect   cells(guest, student, enrolled, otherCreator, owner, revoked, admin?): the status per column.
 *              guest         no token
 *              student       a signed-in student, not enrolled in the paid course
 *              enrolled      a student enrolled in the paid (and the archived) course
 *              otherCreator  a creator who owns none of these courses
 *              owner         the creator of every course in the world
 *              revoked       the owner's token after POST /api/auth/logout revoked it
 *              admin         an admin (docs/product.md, Accounts and access): everywhere outside /api/admin, no more than a
 *                            student who owns nothing, so when not given the column is the student's
 *                            (a creator route refuses an admin as it refuses a student)
 *   request  (world, as) => { url, payload?, headers?, token? }: a request that is valid for the
 *            route, so an allowed cell proves a 2xx, not a 400. The caller's bearer token is added
 *            unless `token` replaces it (null: none). Rows that change something take the thing
 *            they change from world.fresh, so every cell has its own.
 *
 * The statuses follow docs/product.md, API conventions: 401 without a valid token, 403 for a caller
 * who is signed in but not allowed, 404 for what the caller may not even know exists (a draft, an
 * archived course to a non-student, someone else's quiz attempt or payment).
 */

export type Expected = Readonly<Record<Principal, number>>;

export type CellRequest = {
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
  /** Sent instead of the caller's own token; null sends none. */
  token?: string | null;
};

export type AccessRow = {
  route: string;
  on?: string;
  expect: Expected;
  request: (world: AccessWorld, as: Principal) => CellRequest | Promise<CellRequest>;
};

/** The statuses of one row, in the column order above. */
export function cells(
  guest: number,
  student: number,
  enrolled: number,
  otherCreator: number,
  owner: number,
  revoked: number,
  admin = student,
): Expected {
  return { guest, student, enrolled, otherCreator, owner, revoked, admin };
}

const everyone = (status: number) => cells(status, status, status, status, status, status, status);
/** An /api/admin route: admins only, checked before anything else of the request. */
const adminOnly = (status: number) => cells(401, 403, 403, 403, 403, 401, status);
const get = (url: string) => () => ({ url });

/** The METRICS_TOKEN access-matrix.test.ts starts its app with: only its bearer reads GET /metrics. */
export const MATRIX_METRICS_TOKEN = 'access-matrix-metrics-token';

export const ACCESS_TABLE: readonly AccessRow[] = [
  // Service and documentation: public, and hidden from the OpenAPI document itself.
  { route: 'GET /api/health', expect: everyone(200), request: get('/api/health') },
  { route: 'GET /api/health/live', expect: everyone(200), request: get('/api/health/live') },
  { route: 'GET /api/health/ready', expect: everyone(200), request: get('/api/health/ready') },
  // Operations (docs/product.md, Operations): no session token reads the metrics, whoever holds it.
  { route: 'GET /metrics', on: "a caller's own token", expect: everyone(401), request: get('/metrics') },
  {
    route: 'GET /metrics',
    on: 'the metrics token',
    expect: everyone(200),
    request: () => ({ url: '/metrics', token: MATRIX_METRICS_TOKEN }),
  },
  { route: 'GET /api/docs', expect: everyone(200), request: get('/api/docs') },
  { route: 'GET /api/docs/', expect: everyone(200), request: get('/api/docs/') },
  { route: 'GET /api/docs/json', expect: everyone(200), request: get('/api/docs/json') },
  { route: 'GET /api/docs/yaml', expect: everyone(200), request: get('/api/docs/yaml') },
  // The UI's page lives at /api/docs/; its old address redirects there.
  { route: 'GET /api/docs/static/index.html', expect: everyone(302), request: get('/api/docs/static/index.html') },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    expect: everyone(200),
    request: get('/api/docs/static/swagger-initializer.js'),
  },
  { route: 'GET /api/docs/static/*', expect: everyone(200), request: get('/api/docs/static/swagger-ui.css') },

  // Accounts (docs/product.md, Accounts and access).
  {
    route: 'POST /api/auth/signup',
    expect: everyone(201),
    request: () => ({ url: '/api/auth/signup', payload: { email: uniqueEmail('signup'), password: 'matrix-pass', name: 'New' } }),
  },
  {
    route: 'POST /api/auth/login',
    expect: everyone(200),
    request: (w) => ({ url: '/api/auth/login', payload: { email: w.loginEmail, password: FACTORY_PASSWORD } }),
  },
  { route: 'GET /api/auth/me', expect: cells(401, 200, 200, 200, 200, 401), request: get('/api/auth/me') },
  {
    route: 'POST /api/auth/logout',
    on: "a new session of the caller's own",
    expect: cells(401, 200, 200, 200, 200, 401),
    request: async (w, as) => ({ url: '/api/auth/logout', token: await w.fresh.token(as) }),
  },
  {
    route: 'POST /api/auth/forgot-password',
    expect: everyone(200),
    request: () => ({ url: '/api/auth/forgot-password', payload: { email: uniqueEmail('forgot') } }),
  },
  {
    route: 'POST /api/auth/reset-password',
    expect: everyone(200),
    request: async (w) => ({
      url: '/api/auth/reset-password',
      payload: { token: await w.fresh.resetToken(), newPassword: 'new-matrix-pass' },
    }),
  },

  // The account page (docs/product.md, Accounts and access): each caller acts on their own account only.
  {
    route: 'PATCH /api/auth/me',
    expect: cells(401, 200, 200, 200, 200, 401),
    request: () => ({ url: '/api/auth/me', payload: { name: 'Renamed' } }),
  },
  {
    route: 'PATCH /api/auth/me',
    on: 'the saved language (docs/product.md, Languages)',
    expect: cells(401, 200, 200, 200, 200, 401),
    request: () => ({ url: '/api/auth/me', payload: { locale: 'en' } }),
  },
  {
    route: 'POST /api/auth/password',
    on: "a fresh account of the caller's role (it signs out the other sessions)",
    expect: cells(401, 200, 200, 200, 200, 401),
    request: async (w, as) => ({
      url: '/api/auth/password',
      token: await w.fresh.account(as),
      payload: { currentPassword: FACTORY_PASSWORD, newPassword: 'new-matrix-pass' },
    }),
  },
  {
    route: 'POST /api/account/email',
    on: "a fresh account of the caller's role",
    expect: cells(401, 200, 200, 200, 200, 401),
    request: async (w, as) => ({
      url: '/api/account/email',
      token: await w.fresh.account(as),
      payload: { newEmail: uniqueEmail('new-address'), currentPassword: FACTORY_PASSWORD },
    }),
  },
  {
    route: 'POST /api/account/email/confirm',
    expect: everyone(200),
    request: async (w) => ({ url: '/api/account/email/confirm', payload: { token: await w.fresh.emailChangeToken() } }),
  },
  { route: 'GET /api/account/sessions', expect: cells(401, 200, 200, 200, 200, 401), request: get('/api/account/sessions') },
  {
    route: 'DELETE /api/account/sessions/:id',
    on: "a new session of the caller's own",
    expect: cells(401, 200, 200, 200, 200, 401),
    request: async (w, as) => ({ url: `/api/account/sessions/${await w.fresh.sessionId(as)}` }),
  },
  {
    route: 'DELETE /api/account/sessions/:id',
    on: "the owner's session, asked by others",
    expect: cells(401, 404, 404, 404, 200, 401),
    request: async (w) => ({ url: `/api/account/sessions/${await w.fresh.sessionId('owner')}` }),
  },
  {
    route: 'POST /api/account/sessions/sign-out-others',
    on: "a fresh account of the caller's role",
    expect: cells(401, 200, 200, 200, 200, 401),
    request: async (w, as) => ({ url: '/api/account/sessions/sign-out-others', token: await w.fresh.account(as) }),
  },
  {
    route: 'POST /api/account/delete',
    on: "a fresh account of the caller's role",
    expect: cells(401, 200, 200, 200, 200, 401),
    request: async (w, as) => ({
      url: '/api/account/delete',
      token: await w.fresh.account(as),
      payload: { currentPassword: FACTORY_PASSWORD },
    }),
  },
  {
    route: 'POST /api/account/delete',
    on: 'the owner, whose courses have students (others: a fresh account)',
    expect: cells(401, 200, 200, 200, 409, 401),
    request: async (w, as) => ({
      url: '/api/account/delete',
      token: as === 'owner' ? w.tokens.owner : await w.fresh.account(as),
      payload: { currentPassword: FACTORY_PASSWORD },
    }),
  },

  // The catalogue (docs/product.md, Accounts and access): published to anyone, archived to its students and
  // creator, drafts to the creator.
  { route: 'GET /api/courses', expect: everyone(200), request: get('/api/courses') },
  // Course search (docs/product.md, Search): the same public answer for everyone.
  {
    route: 'GET /api/courses/search',
    expect: everyone(200),
    request: get('/api/courses/search?q=learning&difficulty=Beginner&sort=rating'),
  },
  {
    route: 'GET /api/courses/:id',
    on: 'paid',
    expect: everyone(200),
    request: (w) => ({ url: `/api/courses/${w.paid.courseId}` }),
  },
  {
    route: 'GET /api/courses/:id',
    on: 'draft',
    expect: cells(404, 404, 404, 404, 200, 404),
    request: (w) => ({ url: `/api/courses/${w.draft.courseId}` }),
  },
  {
    route: 'GET /api/courses/:id',
    on: 'archived',
    expect: cells(404, 404, 200, 404, 200, 404),
    request: (w) => ({ url: `/api/courses/${w.archived.courseId}` }),
  },
  {
    route: 'GET /api/courses/:id/modules',
    on: 'paid',
    expect: everyone(200),
    request: (w) => ({ url: `/api/courses/${w.paid.courseId}/modules` }),
  },
  {
    route: 'GET /api/courses/:id/modules',
    on: 'draft',
    expect: cells(404, 404, 404, 404, 200, 404),
    request: (w) => ({ url: `/api/courses/${w.draft.courseId}/modules` }),
  },
  {
    route: 'GET /api/courses/:id/quizzes',
    on: 'paid',
    expect: everyone(200),
    request: (w) => ({ url: `/api/courses/${w.paid.courseId}/quizzes` }),
  },
  {
    route: 'GET /api/courses/:id/quizzes',
    on: 'draft',
    expect: cells(404, 404, 404, 404, 200, 404),
    request: (w) => ({ url: `/api/courses/${w.draft.courseId}/quizzes` }),
  },
  {
    route: 'GET /api/modules/:id',
    on: 'paid',
    expect: everyone(200),
    request: (w) => ({ url: `/api/modules/${w.paid.moduleId}` }),
  },
  {
    route: 'GET /api/modules/:id',
    on: 'draft',
    expect: cells(404, 404, 404, 404, 200, 404),
    request: (w) => ({ url: `/api/modules/${w.draft.moduleId}` }),
  },
  {
    route: 'GET /api/quizzes/:id',
    on: 'paid',
    expect: everyone(200),
    request: (w) => ({ url: `/api/quizzes/${w.paid.quizId}` }),
  },
  {
    route: 'GET /api/quizzes/:id',
    on: 'draft',
    expect: cells(404, 404, 404, 404, 200, 404),
    request: (w) => ({ url: `/api/quizzes/${w.draft.quizId}` }),
  },

  // The creator studio (docs/product.md, Accounts and access): the course's own creator only; 401 guests, 403 everyone else.
  {
    route: 'GET /api/creator/courses',
    expect: cells(401, 403, 403, 200, 200, 401),
    request: get('/api/creator/courses'),
  },
  { route: 'GET /api/creator/stats', expect: cells(401, 403, 403, 200, 200, 401), request: get('/api/creator/stats') },
  {
    route: 'GET /api/creator/courses/:id/analytics',
    on: 'paid',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: (w) => ({ url: `/api/creator/courses/${w.paid.courseId}/analytics` }),
  },
  {
    route: 'GET /api/creator/courses/:id/students',
    on: 'paid',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: (w) => ({ url: `/api/creator/courses/${w.paid.courseId}/students` }),
  },
  {
    route: 'POST /api/courses',
    expect: cells(401, 403, 403, 201, 201, 401),
    request: () => ({ url: '/api/courses', payload: { title: 'Matrix course', price: '9.99' } }),
  },
  {
    route: 'PATCH /api/courses/:id',
    on: 'a fresh draft',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: async (w) => ({ url: `/api/courses/${await w.fresh.course()}`, payload: { title: 'Renamed' } }),
  },
  {
    route: 'POST /api/courses/:id/publish',
    on: 'a fresh draft without content',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: async (w) => ({ url: `/api/courses/${await w.fresh.course()}/publish` }),
  },
  {
    route: 'GET /api/courses/:id/publish-checklist',
    on: 'a fresh draft',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: async (w) => ({ url: `/api/courses/${await w.fresh.course()}/publish-checklist` }),
  },
  {
    route: 'POST /api/courses/:id/unpublish',
    on: 'a fresh published course',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: async (w) => ({ url: `/api/courses/${await w.fresh.course({ published: true })}/unpublish` }),
  },
  {
    route: 'POST /api/courses/:id/restore',
    on: 'a fresh archived course',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: async (w) => ({ url: `/api/courses/${await w.fresh.course({ published: true, archived: true })}/restore` }),
  },
  {
    route: 'DELETE /api/courses/:id',
    on: 'a fresh published course',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: async (w) => ({ url: `/api/courses/${await w.fresh.course({ published: true })}` }),
  },
  {
    route: 'POST /api/courses/:id/modules',
    on: 'the workbench draft',
    expect: cells(401, 403, 403, 403, 201, 401),
    request: (w) => ({ url: `/api/courses/${w.workbenchCourseId}/modules`, payload: { title: 'Module' } }),
  },
  {
    route: 'POST /api/courses/:id/quizzes',
    on: 'the workbench draft',
    expect: cells(401, 403, 403, 403, 201, 401),
    request: (w) => ({ url: `/api/courses/${w.workbenchCourseId}/quizzes`, payload: { title: 'Quiz' } }),
  },
  {
    route: 'PATCH /api/modules/:id',
    on: 'a fresh module',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: async (w) => ({ url: `/api/modules/${await w.fresh.module()}`, payload: { title: 'Renamed' } }),
  },
  {
    route: 'DELETE /api/modules/:id',
    on: 'a fresh module',
    expect: cells(401, 403, 403, 403, 204, 401),
    request: async (w) => ({ url: `/api/modules/${await w.fresh.module()}` }),
  },
  {
    route: 'PATCH /api/quizzes/:id',
    on: 'a fresh quiz',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: async (w) => ({ url: `/api/quizzes/${await w.fresh.quiz()}`, payload: { title: 'Renamed' } }),
  },
  {
    route: 'PATCH /api/quizzes/:id',
    on: "a fresh quiz's settings",
    expect: cells(401, 403, 403, 403, 200, 401),
    request: async (w) => ({
      url: `/api/quizzes/${await w.fresh.quiz()}`,
      payload: { passPercent: 60, timeLimitMinutes: 20, maxAttempts: 3, shuffle: true },
    }),
  },
  {
    route: 'DELETE /api/quizzes/:id',
    on: 'a fresh quiz',
    expect: cells(401, 403, 403, 403, 204, 401),
    request: async (w) => ({ url: `/api/quizzes/${await w.fresh.quiz()}` }),
  },
  {
    route: 'POST /api/modules/:id/lessons',
    on: 'a fresh module',
    expect: cells(401, 403, 403, 403, 201, 401),
    request: async (w) => ({
      url: `/api/modules/${await w.fresh.module()}/lessons`,
      payload: { title: 'Slide', type: 'text', content: '<p>Attention</p>' },
    }),
  },
  {
    route: 'PATCH /api/lessons/:id',
    on: 'a fresh slide',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: async (w) => ({ url: `/api/lessons/${await w.fresh.lesson()}`, payload: { title: 'Renamed' } }),
  },
  {
    route: 'DELETE /api/lessons/:id',
    on: 'a fresh slide',
    expect: cells(401, 403, 403, 403, 204, 401),
    request: async (w) => ({ url: `/api/lessons/${await w.fresh.lesson()}` }),
  },
  {
    route: 'POST /api/quizzes/:id/questions',
    on: 'a fresh quiz',
    expect: cells(401, 403, 403, 403, 201, 401),
    request: async (w) => ({
      url: `/api/quizzes/${await w.fresh.quiz()}/questions`,
      payload: { question: 'Which?', optionA: 'This', optionB: 'That', correctAnswer: 2 },
    }),
  },
  {
    route: 'POST /api/quizzes/:id/questions',
    on: 'a fresh quiz, a typed question',
    expect: cells(401, 403, 403, 403, 201, 401),
    request: async (w) => ({
      url: `/api/quizzes/${await w.fresh.quiz()}/questions`,
      payload: { type: 'ordering', question: 'In order?', choices: ['First', 'Second'] },
    }),
  },
  {
    route: 'POST /api/quizzes/:id/questions',
    on: 'a fresh quiz, a code question',
    expect: cells(401, 403, 403, 403, 201, 401),
    request: async (w) => ({
      url: `/api/quizzes/${await w.fresh.quiz()}/questions`,
      payload: { type: 'code', question: 'Define one.', language: 'python', starterCode: 'one = ', testCode: 'assert one == 1' },
    }),
  },
  {
    route: 'PATCH /api/questions/:id',
    on: 'a fresh question',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: async (w) => ({
      url: `/api/questions/${await w.fresh.question()}`,
      payload: { question: 'Edited?', explanation: 'Because.', order: 0 },
    }),
  },
  {
    route: 'PATCH /api/questions/:id',
    on: 'a fresh question, made typed',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: async (w) => ({
      url: `/api/questions/${await w.fresh.question()}`,
      payload: { type: 'numeric', correctNumber: 3, tolerance: 0.5 },
    }),
  },
  {
    route: 'PATCH /api/questions/:id',
    on: 'a fresh question, made a code question',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: async (w) => ({
      url: `/api/questions/${await w.fresh.question()}`,
      payload: { type: 'code', testCode: 'assert True' },
    }),
  },
  {
    route: 'DELETE /api/questions/:id',
    on: 'a fresh question',
    expect: cells(401, 403, 403, 403, 204, 401),
    request: async (w) => ({ url: `/api/questions/${await w.fresh.question()}` }),
  },

  // Preview (docs/product.md, Accounts and access): the course's own creator only, drafts included.
  {
    route: 'GET /api/preview/courses/:id',
    on: 'draft',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: (w) => ({ url: `/api/preview/courses/${w.draft.courseId}` }),
  },
  {
    route: 'GET /api/preview/courses/:id/modules',
    on: 'draft',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: (w) => ({ url: `/api/preview/courses/${w.draft.courseId}/modules` }),
  },
  {
    route: 'GET /api/preview/courses/:id/quizzes',
    on: 'draft',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: (w) => ({ url: `/api/preview/courses/${w.draft.courseId}/quizzes` }),
  },
  {
    route: 'GET /api/preview/modules/:id/lessons',
    on: 'draft',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: (w) => ({ url: `/api/preview/modules/${w.draft.moduleId}/lessons` }),
  },
  {
    route: 'GET /api/preview/quizzes/:id/questions',
    on: 'draft',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: (w) => ({ url: `/api/preview/quizzes/${w.draft.quizId}/questions` }),
  },

  // Learning content (docs/product.md, Accounts and access): enrolled students and the creator; a draft's stays hidden (404).
  {
    route: 'GET /api/modules/:id/lessons',
    on: 'paid',
    expect: cells(401, 403, 200, 403, 200, 401),
    request: (w) => ({ url: `/api/modules/${w.paid.moduleId}/lessons` }),
  },
  {
    route: 'GET /api/modules/:id/lessons',
    on: 'draft',
    expect: cells(404, 404, 404, 404, 200, 404),
    request: (w) => ({ url: `/api/modules/${w.draft.moduleId}/lessons` }),
  },
  {
    route: 'GET /api/modules/:id/lessons',
    on: 'archived',
    expect: cells(404, 404, 200, 404, 200, 404),
    request: (w) => ({ url: `/api/modules/${w.archived.moduleId}/lessons` }),
  },
  // A notebook slide's drawing and file (docs/product.md, Notebooks): whoever may see the slide.
  {
    route: 'GET /api/lessons/:id/notebook',
    expect: cells(401, 403, 200, 403, 200, 401),
    request: (w) => ({ url: `/api/lessons/${w.paid.notebookLessonId}/notebook` }),
  },
  {
    route: 'GET /api/lessons/:id/notebook/file',
    expect: cells(401, 403, 200, 403, 200, 401),
    request: (w) => ({ url: `/api/lessons/${w.paid.notebookLessonId}/notebook/file` }),
  },
  {
    route: 'GET /api/quizzes/:id/questions',
    on: 'paid',
    expect: cells(401, 403, 200, 403, 200, 401),
    request: (w) => ({ url: `/api/quizzes/${w.paid.quizId}/questions` }),
  },
  {
    route: 'GET /api/quizzes/:id/questions',
    on: 'draft',
    expect: cells(404, 404, 404, 404, 200, 404),
    request: (w) => ({ url: `/api/quizzes/${w.draft.quizId}/questions` }),
  },
  {
    route: 'GET /api/courses/:id/progress',
    on: 'paid',
    expect: cells(401, 403, 200, 403, 200, 401),
    request: (w) => ({ url: `/api/courses/${w.paid.courseId}/progress` }),
  },
  {
    route: 'GET /api/courses/:id/progress',
    on: 'draft',
    expect: cells(404, 404, 404, 404, 200, 404),
    request: (w) => ({ url: `/api/courses/${w.draft.courseId}/progress` }),
  },
  {
    route: 'POST /api/progress',
    on: "a paid course's slide (already completed by the enrolled student)",
    expect: cells(401, 403, 200, 403, 200, 401),
    request: (w) => ({ url: '/api/progress', payload: { lessonId: w.paid.textLessonId, completed: true } }),
  },
  {
    route: 'POST /api/progress',
    on: "a draft's slide",
    expect: cells(404, 404, 404, 404, 200, 404),
    request: (w) => ({ url: '/api/progress', payload: { lessonId: w.draft.lessonId, completed: true } }),
  },
  {
    route: 'POST /api/quizzes/:id/attempts',
    on: 'paid',
    expect: cells(401, 403, 200, 403, 200, 401),
    request: (w) => ({ url: `/api/quizzes/${w.paid.quizId}/attempts` }),
  },
  {
    route: 'POST /api/quizzes/:id/attempts',
    on: 'draft',
    expect: cells(404, 404, 404, 404, 200, 404),
    request: (w) => ({ url: `/api/quizzes/${w.draft.quizId}/attempts` }),
  },
  {
    route: 'POST /api/quiz-attempts/:id/answers',
    on: "a fresh attempt of the enrolled student's",
    expect: cells(401, 404, 200, 404, 404, 401),
    request: async (w) => ({
      url: `/api/quiz-attempts/${await w.fresh.attempt()}/answers`,
      payload: { questionId: w.paid.questionId, selectedOption: 2 },
    }),
  },
  {
    route: 'POST /api/quiz-attempts/:id/answers',
    on: "a fresh attempt of the enrolled student's, a typed question",
    expect: cells(401, 404, 200, 404, 404, 401),
    request: async (w) => ({
      url: `/api/quiz-attempts/${await w.fresh.attempt()}/answers`,
      payload: { questionId: w.paid.typedQuestionId, answer: true },
    }),
  },
  {
    route: 'POST /api/quiz-attempts/:id/answers',
    on: "a fresh attempt of the enrolled student's, a code question (run on the instance's Python)",
    expect: cells(401, 404, 200, 404, 404, 401),
    request: async (w) => ({
      url: `/api/quiz-attempts/${await w.fresh.attempt()}/answers`,
      payload: { questionId: w.paid.codeQuestionId, answer: 'one = 1' },
    }),
  },
  {
    route: 'PATCH /api/quiz-attempts/:id/complete',
    on: "a fresh attempt of the enrolled student's",
    expect: cells(401, 404, 200, 404, 404, 401),
    request: async (w) => ({ url: `/api/quiz-attempts/${await w.fresh.attempt()}/complete` }),
  },

  // The review deck (docs/product.md, Review deck): each signed-in caller's own; another's card is unknown.
  { route: 'GET /api/review', expect: cells(401, 200, 200, 200, 200, 401), request: get('/api/review') },
  {
    route: 'POST /api/review/:id',
    on: "a due card of the enrolled student's",
    expect: cells(401, 404, 200, 404, 404, 401),
    request: async (w) => ({ url: `/api/review/${await w.fresh.reviewCard()}`, payload: { selectedOption: 1 } }),
  },

  // Certificates (docs/product.md, Certificates): earned by the course's enrolled students only; verification is
  // public. Learning content is for enrolled students and the creator: a creator may learn from their own course
  // but earns no certificate of it, so the owner gets 403.
  {
    route: 'GET /api/courses/:id/certificate/eligible',
    on: 'paid',
    expect: cells(401, 403, 200, 403, 403, 401),
    request: (w) => ({ url: `/api/courses/${w.paid.courseId}/certificate/eligible` }),
  },
  {
    route: 'GET /api/courses/:id/certificate/eligible',
    on: 'draft',
    expect: cells(401, 404, 404, 404, 403, 401),
    request: (w) => ({ url: `/api/courses/${w.draft.courseId}/certificate/eligible` }),
  },
  {
    route: 'GET /api/courses/:id/certificate',
    on: 'paid',
    expect: cells(401, 403, 200, 403, 403, 401),
    request: (w) => ({ url: `/api/courses/${w.paid.courseId}/certificate` }),
  },
  {
    route: 'GET /api/certificates/:id',
    expect: everyone(200),
    request: (w) => ({ url: `/api/certificates/${w.certificateId}` }),
  },
  // Credentials (docs/product.md, Credentials): public, like the verification page.
  { route: 'GET /.well-known/did.json', expect: everyone(200), request: get('/.well-known/did.json') },
  {
    route: 'GET /api/certificates/:id/credential',
    expect: everyone(200),
    request: (w) => ({ url: `/api/certificates/${w.certificateId}/credential` }),
  },
  {
    route: 'GET /api/credentials/status/:id',
    expect: everyone(200),
    request: (w) => ({ url: `/api/credentials/status/${w.statusListId}` }),
  },

  // The learner's own lists.
  { route: 'GET /api/my-courses', expect: cells(401, 200, 200, 200, 200, 401), request: get('/api/my-courses') },
  // Instructor pages (docs/product.md, Catalogue and course pages): public; each creator edits their own.
  { route: 'GET /api/instructors/:id', expect: everyone(200), request: (w) => ({ url: `/api/instructors/${w.ownerId}` }) },
  {
    route: 'PATCH /api/creator/profile',
    expect: cells(401, 403, 403, 200, 200, 401),
    request: () => ({ url: '/api/creator/profile', payload: { headline: 'Teaches machine learning' } }),
  },
  // What search engines read (docs/product.md, Catalogue and course pages): public.
  { route: 'GET /robots.txt', expect: everyone(200), request: get('/robots.txt') },
  { route: 'GET /sitemap.xml', expect: everyone(200), request: get('/sitemap.xml') },
  { route: 'GET /sitemaps/courses-:page.xml', expect: everyone(200), request: get('/sitemaps/courses-1.xml') },
  // Reviews (docs/product.md, Reviews): anyone who may see the course reads them; the enrolled student (with a
  // slide done) writes one; its course's creator replies; anyone signed in, the creator too, reports.
  // Only an admin hides or shows one again (PUT /api/admin/reviews/:id/hidden below).
  {
    route: 'GET /api/courses/:id/reviews',
    on: 'paid',
    expect: everyone(200),
    request: (w) => ({ url: `/api/courses/${w.paid.courseId}/reviews` }),
  },
  {
    route: 'GET /api/courses/:id/reviews',
    on: 'draft',
    expect: cells(404, 404, 404, 404, 200, 404),
    request: (w) => ({ url: `/api/courses/${w.draft.courseId}/reviews` }),
  },
  {
    route: 'PUT /api/courses/:id/review',
    on: 'paid',
    expect: cells(401, 403, 200, 403, 403, 401),
    request: (w) => ({
      url: `/api/courses/${w.paid.courseId}/review`,
      payload: { rating: 5, body: 'Every slide taught me something.' },
    }),
  },
  {
    route: 'DELETE /api/courses/:id/review',
    on: 'archived',
    expect: cells(401, 404, 204, 404, 404, 401),
    request: async (w) => ({ url: `/api/courses/${await w.fresh.archivedReview()}/review` }),
  },
  {
    route: 'PUT /api/reviews/:id/reply',
    expect: cells(401, 403, 403, 403, 200, 401),
    request: (w) => ({ url: `/api/reviews/${w.paid.reviewId}/reply`, payload: { body: 'Thank you!' } }),
  },
  {
    route: 'POST /api/reviews/:id/report',
    expect: cells(401, 200, 400, 200, 200, 401),
    request: (w) => ({ url: `/api/reviews/${w.paid.reviewId}/report` }),
  },
  // Helpful votes: anyone signed in but the review's author (the enrolled student) and the course's creator.
  {
    route: 'POST /api/reviews/:id/helpful',
    expect: cells(401, 200, 403, 200, 403, 401),
    request: (w) => ({ url: `/api/reviews/${w.paid.reviewId}/helpful` }),
  },
  {
    route: 'DELETE /api/reviews/:id/helpful',
    expect: cells(401, 200, 403, 200, 403, 401),
    request: (w) => ({ url: `/api/reviews/${w.paid.reviewId}/helpful` }),
  },
  { route: 'GET /api/saved-courses', expect: cells(401, 200, 200, 200, 200, 401), request: get('/api/saved-courses') },
  {
    route: 'PUT /api/saved-courses/:id',
    on: 'paid',
    expect: cells(401, 200, 200, 200, 200, 401),
    request: (w) => ({ url: `/api/saved-courses/${w.paid.courseId}` }),
  },
  {
    route: 'PUT /api/saved-courses/:id',
    on: 'draft',
    expect: cells(401, 404, 404, 404, 200, 401),
    request: (w) => ({ url: `/api/saved-courses/${w.draft.courseId}` }),
  },
  {
    route: 'DELETE /api/saved-courses/:id',
    on: 'paid',
    expect: cells(401, 200, 200, 200, 200, 401),
    request: (w) => ({ url: `/api/saved-courses/${w.paid.courseId}` }),
  },
  {
    route: 'DELETE /api/saved-courses/:id',
    on: 'draft',
    expect: cells(401, 404, 404, 404, 200, 401),
    request: (w) => ({ url: `/api/saved-courses/${w.draft.courseId}` }),
  },
  // Python in the server's sandbox (docs/product.md, Running Python): anyone signed in.
  { route: 'GET /api/code/config', expect: everyone(200), request: get('/api/code/config') },
  {
    route: 'POST /api/code/run',
    expect: cells(401, 200, 200, 200, 200, 401),
    request: () => ({ url: '/api/code/run', payload: { source: 'print(1)' } }),
  },

  // Enrollment and payment (docs/product.md, Checkout). Another creator may join a course like any student; its
  // own creator, who reads it already, is refused so as not to count as its student or buyer.
  {
    route: 'POST /api/enroll-free',
    on: 'free',
    expect: cells(401, 200, 200, 200, 409, 401),
    request: (w) => ({ url: '/api/enroll-free', payload: { courseId: w.freeCourseId } }),
  },
  {
    route: 'POST /api/enroll-free',
    on: 'draft',
    expect: cells(401, 404, 404, 404, 404, 401),
    request: (w) => ({ url: '/api/enroll-free', payload: { courseId: w.draft.courseId } }),
  },
  {
    route: 'POST /api/create-payment-intent',
    on: 'paid',
    expect: cells(401, 200, 409, 200, 409, 401),
    request: (w) => ({ url: '/api/create-payment-intent', payload: { courseId: w.paid.courseId } }),
  },
  // The cart (docs/product.md, Prices, coupons and the cart): each signed-in caller their own. A course they
  // own or made is refused (409).
  { route: 'GET /api/cart', expect: cells(401, 200, 200, 200, 200, 401), request: get('/api/cart') },
  {
    route: 'PUT /api/cart/:id',
    on: 'paid',
    expect: cells(401, 200, 409, 200, 409, 401),
    request: (w) => ({ url: `/api/cart/${w.paid.courseId}`, payload: {} }),
  },
  {
    route: 'PUT /api/cart/:id',
    on: 'draft',
    expect: cells(401, 404, 404, 404, 404, 401),
    request: (w) => ({ url: `/api/cart/${w.draft.courseId}`, payload: {} }),
  },
  {
    route: 'DELETE /api/cart/:id',
    on: 'paid',
    expect: cells(401, 200, 200, 200, 200, 401),
    request: (w) => ({ url: `/api/cart/${w.paid.courseId}` }),
  },
  {
    // The owner's cart holds only their own course, which cannot be bought: nothing to pay for (409).
    route: 'POST /api/cart/checkout',
    on: "a fresh paid course in the caller's cart",
    expect: cells(401, 200, 200, 200, 409, 401),
    request: async (w, as) => {
      await w.fresh.cartCourse(as);
      return { url: '/api/cart/checkout' };
    },
  },
  // Refunds (docs/product.md, Refunds): only the buyer has a payment to refund; everyone else has none (409).
  {
    route: 'POST /api/courses/:id/refund',
    on: 'a course the student has just bought',
    expect: cells(401, 200, 409, 409, 409, 401, 409),
    request: async (w) => ({ url: `/api/courses/${(await w.fresh.studentIntent({ paid: true })).courseId}/refund` }),
  },
  // Purchases (docs/product.md, Checkout): each buyer their own; another's receipt is not found.
  { route: 'GET /api/purchases', expect: cells(401, 200, 200, 200, 200, 401), request: get('/api/purchases') },
  {
    route: 'GET /api/purchases/:id/receipt',
    on: "the student's own purchase",
    expect: cells(401, 200, 404, 404, 404, 401, 404),
    request: async (w) => ({ url: `/api/purchases/${await w.fresh.studentPurchase()}/receipt` }),
  },
  // Earnings (docs/product.md, Earnings and payouts): each creator their own.
  { route: 'GET /api/creator/earnings', expect: cells(401, 403, 403, 200, 200, 401), request: get('/api/creator/earnings') },
  { route: 'GET /api/creator/payouts', expect: cells(401, 403, 403, 200, 200, 401), request: get('/api/creator/payouts') },
  // The matrix runs the built-in test processor: without Stripe an admin records payouts, so a creator is
  // told so (GET) and cannot connect an account (409).
  {
    route: 'GET /api/creator/payouts/connect',
    expect: cells(401, 403, 403, 200, 200, 401),
    request: get('/api/creator/payouts/connect'),
  },
  {
    route: 'POST /api/creator/payouts/connect',
    expect: cells(401, 403, 403, 409, 409, 401),
    request: get('/api/creator/payouts/connect'),
  },
  // Where a creator asks to be paid by bank transfer: each creator their own (an admin reads them on the balances).
  {
    route: 'GET /api/creator/payouts/details',
    expect: cells(401, 403, 403, 200, 200, 401),
    request: get('/api/creator/payouts/details'),
  },
  {
    route: 'PUT /api/creator/payouts/details',
    expect: cells(401, 403, 403, 200, 200, 401),
    request: () => ({ url: '/api/creator/payouts/details', payload: { payoutDetails: 'IBAN GB33 BUKB 2020 1555 5555 55' } }),
  },
  // Coupons (docs/product.md, Prices, coupons and the cart): a creator's codes for their own courses; the price
  // a code gives, for anyone.
  {
    route: 'POST /api/creator/coupons',
    expect: cells(401, 403, 403, 404, 201, 401),
    request: (w) => ({
      url: '/api/creator/coupons',
      payload: { code: uniqueCouponCode(), courseId: w.paid.courseId, percentOff: 10 },
    }),
  },
  { route: 'GET /api/creator/coupons', expect: cells(401, 403, 403, 200, 200, 401), request: get('/api/creator/coupons') },
  {
    route: 'DELETE /api/creator/coupons/:id',
    expect: cells(401, 403, 403, 404, 204, 401),
    request: async (w) => ({ url: `/api/creator/coupons/${(await w.fresh.coupon()).id}` }),
  },
  {
    route: 'POST /api/coupons/check',
    expect: everyone(200),
    request: async (w) => ({
      url: '/api/coupons/check',
      payload: { code: (await w.fresh.coupon()).code, courseId: w.paid.courseId },
    }),
  },
  {
    route: 'POST /api/test-payments/:paymentIntentId/confirm',
    on: "the student's fresh unpaid intent",
    expect: cells(401, 200, 404, 404, 404, 401, 404),
    request: async (w) => {
      const { paymentIntentId } = await w.fresh.studentIntent({ paid: false });
      return { url: `/api/test-payments/${paymentIntentId}/confirm`, payload: TEST_CARD };
    },
  },
  {
    route: 'POST /api/confirm-payment',
    on: "the student's fresh paid intent",
    expect: cells(401, 200, 404, 404, 404, 401, 404),
    request: async (w) => ({ url: '/api/confirm-payment', payload: await w.fresh.studentIntent({ paid: true }) }),
  },
  {
    // The credential is Stripe's signature, not a token; with the test processor there is no webhook
    // (stripe-payments.routes.test.ts covers it with Stripe configured).
    route: 'POST /api/payments/webhook',
    on: 'the test processor',
    expect: everyone(404),
    request: () => ({
      url: '/api/payments/webhook',
      payload: Buffer.from('{"type":"payment_intent.succeeded"}'),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    }),
  },

  // The admin console (docs/product.md, Accounts and access; issue 24 §6): admins only, 401 for guests and 403 for
  // everyone else, whatever the request. Each action takes a fresh thing of its own.
  { route: 'GET /api/admin/users', expect: adminOnly(200), request: get('/api/admin/users?q=student&role=student') },
  {
    route: 'POST /api/admin/users/:id/suspend',
    on: 'a fresh student',
    expect: adminOnly(200),
    request: async (w) => ({ url: `/api/admin/users/${await w.fresh.user()}/suspend` }),
  },
  {
    route: 'POST /api/admin/users/:id/unsuspend',
    on: 'a fresh suspended student',
    expect: adminOnly(200),
    request: async (w) => ({ url: `/api/admin/users/${await w.fresh.user({ suspended: true })}/unsuspend` }),
  },
  { route: 'GET /api/admin/creators', expect: adminOnly(200), request: get('/api/admin/creators') },
  { route: 'GET /api/admin/invitations', expect: adminOnly(200), request: get('/api/admin/invitations?status=pending') },
  {
    route: 'POST /api/admin/invitations',
    expect: adminOnly(201),
    request: () => ({ url: '/api/admin/invitations', payload: { email: uniqueEmail('invited') } }),
  },
  {
    route: 'POST /api/admin/invitations/:id/revoke',
    on: 'a fresh unused invitation',
    expect: adminOnly(200),
    request: async (w) => ({ url: `/api/admin/invitations/${await w.fresh.invitation()}/revoke` }),
  },
  { route: 'GET /api/admin/courses', expect: adminOnly(200), request: get('/api/admin/courses?status=draft') },
  {
    route: 'POST /api/admin/courses/:id/unpublish',
    on: "a fresh published course of the owner's",
    expect: adminOnly(200),
    request: async (w) => ({
      url: `/api/admin/courses/${await w.fresh.course({ published: true })}/unpublish`,
      payload: { reason: 'Misleading description' },
    }),
  },
  {
    route: 'POST /api/admin/certificates/:id/revoke',
    on: 'a fresh certificate',
    expect: adminOnly(200),
    request: async (w) => ({
      url: `/api/admin/certificates/${await w.fresh.certificate()}/revoke`,
      payload: { reason: 'Issued in error' },
    }),
  },
  { route: 'GET /api/admin/reviews', expect: adminOnly(200), request: get('/api/admin/reviews') },
  {
    route: 'PUT /api/admin/reviews/:id/hidden',
    on: 'a fresh reported review of the paid course',
    expect: adminOnly(200),
    request: async (w) => ({ url: `/api/admin/reviews/${await w.fresh.reportedReview()}/hidden`, payload: { hidden: true } }),
  },
  { route: 'GET /api/admin/payments', expect: adminOnly(200), request: get('/api/admin/payments?status=succeeded') },
  {
    route: 'POST /api/admin/payments/:id/refund',
    on: "the student's fresh purchase",
    expect: adminOnly(200),
    request: async (w) => ({ url: `/api/admin/payments/${await w.fresh.studentPurchase()}/refund` }),
  },
  { route: 'GET /api/admin/revenue', expect: adminOnly(200), request: get('/api/admin/revenue?from=2020-01-01') },
  {
    route: 'POST /api/admin/coupons',
    expect: adminOnly(201),
    request: () => ({ url: '/api/admin/coupons', payload: { code: uniqueCouponCode(), percentOff: 15 } }),
  },
  { route: 'GET /api/admin/coupons', expect: adminOnly(200), request: get('/api/admin/coupons') },
  {
    route: 'DELETE /api/admin/coupons/:id',
    on: 'a fresh site-wide coupon',
    expect: adminOnly(204),
    request: async (w) => ({ url: `/api/admin/coupons/${await w.fresh.siteCoupon()}` }),
  },
  { route: 'GET /api/admin/payouts/balances', expect: adminOnly(200), request: get('/api/admin/payouts/balances') },
  { route: 'GET /api/admin/payouts', expect: adminOnly(200), request: get('/api/admin/payouts') },
  {
    route: 'POST /api/admin/payouts',
    on: "the owner's balance, after a sale past the refund window",
    expect: adminOnly(201),
    request: async (w) => ({
      url: '/api/admin/payouts',
      payload: { creatorId: await w.fresh.payableCreator(), amount: '0.01', reference: 'MATRIX-TRANSFER' },
    }),
  },
  { route: 'GET /api/admin/audit', expect: adminOnly(200), request: get('/api/admin/audit') },

  // Uploads and stored objects (docs/product.md, Files and uploads): creators upload; the upload address is its own credential.
  {
    route: 'POST /api/objects/upload',
    expect: cells(401, 403, 403, 200, 200, 401),
    request: () => ({ url: '/api/objects/upload', payload: { kind: 'image' } }),
  },
  {
    route: 'PUT /api/uploads/:grant',
    on: "a fresh upload address of the owner's",
    expect: everyone(200),
    request: async (w) => ({ url: await w.fresh.uploadURL(), payload: PNG_BYTES, headers: { 'content-type': 'image/png' } }),
  },
  // Each creator's own figures: the caller's uploads against the quota (issue 21 §9).
  { route: 'GET /api/creator/storage', expect: cells(401, 403, 403, 200, 200, 401), request: get('/api/creator/storage') },
  {
    route: 'PUT /api/course-thumbnails',
    on: "the owner's finished upload",
    expect: cells(401, 403, 403, 403, 200, 401),
    request: (w) => ({ url: '/api/course-thumbnails', payload: { thumbnailURL: w.thumbnailUploadURL } }),
  },
  // <img> and <video> send no token: lesson media of a paid course is reachable only through the
  // signed address the lesson endpoints give the creator and enrolled students; whoever holds that
  // address may load it, and nobody may load the bare path.
  { route: 'GET /objects/*', on: 'a course thumbnail', expect: everyone(200), request: (w) => ({ url: w.paid.thumbnailPath }) },
  {
    route: 'GET /objects/*',
    on: "paid lesson media, at the signed address the enrolled student's lesson list gave",
    expect: everyone(200),
    request: (w) => ({ url: w.paid.signedVideoUrl }),
  },
  {
    route: 'GET /objects/*',
    on: 'paid lesson media, at its bare object path',
    expect: everyone(403),
    request: (w) => ({ url: w.paid.videoPath }),
  },
  {
    route: 'GET /objects/*',
    on: 'paid lesson media, with the signed expiry moved a day later',
    expect: everyone(403),
    request: (w) => ({ url: w.paid.signedVideoUrl.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 86_400}`) }),
  },
  {
    route: 'GET /objects/*',
    on: "paid lesson media (an image slide), with the video's signed query",
    expect: everyone(403),
    request: (w) => ({ url: `${w.paid.imagePath}?${w.paid.signedVideoUrl.split('?')[1]}` }),
  },
  // Lesson Q&A (docs/product.md, Lesson Q&A): enrolled students and the course's creator read and
  // write; authors, the creator and admins delete; admins alone list reports and hide.
  {
    route: 'GET /api/lessons/:id/threads',
    on: 'paid',
    expect: cells(401, 403, 200, 403, 200, 401),
    request: (w) => ({ url: `/api/lessons/${w.paid.textLessonId}/threads` }),
  },
  {
    route: 'GET /api/lessons/:id/threads',
    on: 'draft',
    expect: cells(404, 404, 404, 404, 200, 404),
    request: (w) => ({ url: `/api/lessons/${w.draft.lessonId}/threads` }),
  },
  {
    route: 'POST /api/lessons/:id/threads',
    expect: cells(401, 403, 201, 403, 201, 401),
    request: (w) => ({ url: `/api/lessons/${w.paid.textLessonId}/threads`, payload: { body: 'Why?' } }),
  },
  {
    route: 'POST /api/threads/:id/replies',
    on: "a fresh classmate's question",
    expect: cells(401, 403, 201, 403, 201, 401),
    request: async (w) => ({ url: `/api/threads/${await w.fresh.thread()}/replies`, payload: { body: 'Because.' } }),
  },
  {
    route: 'POST /api/threads/:id/upvote',
    on: "a fresh classmate's question",
    expect: cells(401, 403, 200, 403, 200, 401),
    request: async (w) => ({ url: `/api/threads/${await w.fresh.thread()}/upvote` }),
  },
  {
    route: 'DELETE /api/threads/:id/upvote',
    on: "a fresh classmate's question",
    expect: cells(401, 403, 200, 403, 200, 401),
    request: async (w) => ({ url: `/api/threads/${await w.fresh.thread()}/upvote` }),
  },
  {
    route: 'DELETE /api/threads/:id',
    on: "a fresh question of the enrolled student's",
    expect: cells(401, 403, 204, 403, 204, 401, 204),
    request: async (w) => ({ url: `/api/threads/${await w.fresh.thread({ by: 'enrolled' })}` }),
  },
  {
    route: 'DELETE /api/replies/:id',
    on: "a fresh reply of the enrolled student's",
    expect: cells(401, 403, 204, 403, 204, 401, 204),
    request: async (w) => ({ url: `/api/replies/${await w.fresh.threadReply({ by: 'enrolled' })}` }),
  },
  {
    route: 'POST /api/threads/:id/report',
    on: "a fresh classmate's question",
    expect: cells(401, 403, 200, 403, 200, 401),
    request: async (w) => ({ url: `/api/threads/${await w.fresh.thread()}/report`, payload: { reason: 'Spam' } }),
  },
  {
    route: 'POST /api/replies/:id/report',
    on: "a fresh classmate's reply",
    expect: cells(401, 403, 200, 403, 200, 401),
    request: async (w) => ({ url: `/api/replies/${await w.fresh.threadReply()}/report` }),
  },
  { route: 'GET /api/creator/threads', expect: cells(401, 403, 403, 200, 200, 401), request: get('/api/creator/threads') },
  { route: 'GET /api/admin/discussions', expect: adminOnly(200), request: get('/api/admin/discussions') },
  {
    route: 'PUT /api/admin/threads/:id/hidden',
    on: "a fresh classmate's question",
    expect: adminOnly(200),
    request: async (w) => ({ url: `/api/admin/threads/${await w.fresh.thread()}/hidden`, payload: { hidden: true } }),
  },
  {
    route: 'PUT /api/admin/replies/:id/hidden',
    on: "a fresh classmate's reply",
    expect: adminOnly(200),
    request: async (w) => ({ url: `/api/admin/replies/${await w.fresh.threadReply()}/hidden`, payload: { hidden: true } }),
  },
];
