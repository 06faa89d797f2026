import type { APIRequestContext } from '@playwright/test';
import { CREATOR_INVITE, expect, uniqueEmail } from './fixtures';

/*
 * The data every accessibility scan needs, made once through the API: a creator with a free course
 * (a module of text, image and video slides and a two-question quiz), a paid course, a draft and an
 * archived course; a student enrolled in the free course who has not started it; and a certificate
 * earned by a second student.
 */

type Role = 'student' | 'creator';
type Json = { id: string } & Record<string, unknown>;
type Api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) => Promise<Json>;

export type Account = { token: string; api: Api };

export type AccessibilityData = {
  creator: Account;
  student: Account;
  freeCourseId: string;
  paidCourseId: string;
  moduleId: string;
  quizId: string;
  certificateId: string;
};

async function signUp(request: APIRequestContext, role: Role): Promise<Account> {
  const response = await request.post('/api/auth/signup', {
    data: {
      email: uniqueEmail(`a11y-${role}`),
      password: 'accessible-9',
      name: role === 'creator' ? 'Ada Author' : 'Lin Learner',
      role,
      ...(role === 'creator' ? { inviteCode: CREATOR_INVITE } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  const api: Api = async (method, url, body) => {
    const answer = await request.fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(body ? { data: body } : {}),
    });
    expect(answer.ok(), `${method} ${url}: ${await answer.text()}`).toBe(true);
    return answer.status() === 204 ? ({ id: '' } as Json) : answer.json();
  };
  return { token, api };
}

// Formatting the editors offer, so its colours and structure are scanned too.
const TEXT_SLIDE = [
  '<h2>Why gradients?</h2>',
  '<p>A <strong>gradient</strong> points uphill; training walks the other way, one small step at a time.</p>',
  '<ul><li>Pick a learning rate</li><li>Repeat until the loss stops falling</li></ul>',
  '<p><span style="background-color: rgb(255, 255, 204)">Remember: smaller steps are safer.</span></p>',
].join('');

const QUESTIONS = [
  { question: 'Which way does gradient descent step?', optionA: 'Uphill', optionB: 'Downhill', correctAnswer: 2 },
  {
    question: 'What sets the step size?',
    optionA: 'The learning rate',
    optionB: 'The batch size',
    optionC: 'The number of layers',
    optionD: 'The loss',
    correctAnswer: 1,
  },
];

async function buildFreeCourse(api: Api) {
  const course = await api('POST', '/api/courses', {
    title: 'Gradient Descent, Gently',
    description: '<p>Learn how models <strong>learn</strong>: losses, gradients and steps.</p>',
    price: '0',
    difficulty: 'Intermediate',
    duration: '2 hours',
  });
  const module = await api('POST', `/api/courses/${course.id}/modules`, {
    title: 'Descending',
    description: 'From slopes to steps',
  });
  const lessonIds: string[] = [];
  for (const lesson of [
    { title: 'Following the slope', type: 'text', content: TEXT_SLIDE },
    { title: 'A picture of a valley', type: 'image' },
    { title: 'Watching it converge', type: 'video' },
  ]) {
    lessonIds.push((await api('POST', `/api/modules/${module.id}/lessons`, lesson)).id);
  }
  const quiz = await api('POST', `/api/courses/${course.id}/quizzes`, {
    title: 'Check your footing',
    description: 'Two quick questions',
  });
  const questionIds: string[] = [];
  for (const question of QUESTIONS) {
    questionIds.push((await api('POST', `/api/quizzes/${quiz.id}/questions`, question)).id);
  }
  await api('POST', `/api/courses/${course.id}/publish`, {});
  return { courseId: course.id, moduleId: module.id, quizId: quiz.id, lessonIds, questionIds };
}

async function buildPaidCourse(api: Api) {
  const course = await api('POST', '/api/courses', {
    title: 'Transformers in Practice',
    description: '<p>Attention, end to end.</p>',
    price: '49.99',
    difficulty: 'Advanced',
  });
  const module = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Attention' });
  await api('POST', `/api/modules/${module.id}/lessons`, { title: 'Queries and keys', type: 'text', content: '<p>Q·K</p>' });
  await api('POST', `/api/courses/${course.id}/publish`, {});
  return course.id;
}

/** Draft and Archived badges on the dashboard. */
async function buildDraftAndArchivedCourses(api: Api) {
  await api('POST', '/api/courses', { title: 'Diffusion Models (draft)', description: '<p>Soon.</p>', price: '19' });
  const archived = await api('POST', '/api/courses', { title: 'Old RNN Course', description: '<p>Retired.</p>', price: '5' });
  // Publishing needs a module with a slide.
  const module = await api('POST', `/api/courses/${archived.id}/modules`, { title: 'Recurrence' });
  await api('POST', `/api/modules/${module.id}/lessons`, { title: 'Hidden state', type: 'text', content: '<p>h_t</p>' });
  await api('POST', `/api/courses/${archived.id}/publish`, {});
  await api('DELETE', `/api/courses/${archived.id}`);
}

async function earnCertificate(request: APIRequestContext, free: Awaited<ReturnType<typeof buildFreeCourse>>): Promise<string> {
  const graduate = await signUp(request, 'student');
  await graduate.api('POST', '/api/enroll-free', { courseId: free.courseId });
  for (const lessonId of free.lessonIds) {
    await graduate.api('POST', '/api/progress', { lessonId, completed: true, completedAt: new Date().toISOString() });
  }
  const attempt = await graduate.api('POST', `/api/quizzes/${free.quizId}/attempts`);
  for (const [index, questionId] of free.questionIds.entries()) {
    await graduate.api('POST', `/api/quiz-attempts/${attempt.id}/answers`, {
      questionId,
      selectedOption: QUESTIONS[index]?.correctAnswer,
    });
  }
  await graduate.api('PATCH', `/api/quiz-attempts/${attempt.id}/complete`);
  const pdf = await request.get(`/api/courses/${free.courseId}/certificate`, {
    headers: { authorization: `Bearer ${graduate.token}` },
  });
  expect(pdf.ok(), await pdf.text()).toBe(true);
  return pdf.headers()['x-certificate-id'] ?? '';
}

export async function createAccessibilityData(request: APIRequestContext): Promise<AccessibilityData> {
  const creator = await signUp(request, 'creator');
  const free = await buildFreeCourse(creator.api);
  const paidCourseId = await buildPaidCourse(creator.api);
  await buildDraftAndArchivedCourses(creator.api);
  const student = await signUp(request, 'student');
  await student.api('POST', '/api/enroll-free', { courseId: free.courseId });
  const certificateId = await earnCertificate(request, free);
  return {
    creator,
    student,
    freeCourseId: free.courseId,
    paidCourseId,
    moduleId: free.moduleId,
    quizId: free.quizId,
    certificateId,
  };
}
