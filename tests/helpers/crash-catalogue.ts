import { callOk } from './crash-api';

/** What the learners of the crash burst use: a free course with slides and a quiz, and a paid course. */
export type CrashCatalogue = {
  freeCourseId: string;
  paidCourseId: string;
  lessonIds: string[];
  quizId: string;
  questions: { id: string; correctAnswer: number }[];
};

export const CREATOR_INVITE_CODE = 'crash-test-invite';
const LESSONS = 6;
const QUESTIONS = 4;

/** Built as a creator would, over HTTP: sign-up with the invite code, courses, slides, a quiz, publish. */
export async function buildCatalogue(base: string): Promise<CrashCatalogue> {
  const { token } = await callOk<{ token: string }>(base, 'POST', '/api/auth/signup', undefined, {
    email: 'creator@crash.test',
    password: 'crash-creator-pass',
    name: 'Crash creator',
    role: 'creator',
    inviteCode: CREATOR_INVITE_CODE,
  });
  const create = async <T>(path: string, body: unknown) => callOk<T>(base, 'POST', path, token, body);

  const free = await create<{ id: string }>('/api/courses', { title: 'Free course under fire', price: '0' });
  const paid = await create<{ id: string }>('/api/courses', { title: 'Paid course under fire', price: '19.99' });
  const module = await create<{ id: string }>(`/api/courses/${free.id}/modules`, { title: 'Basics' });
  const lessonIds: string[] = [];
  for (let i = 0; i < LESSONS; i++) {
    const lesson = await create<{ id: string }>(`/api/modules/${module.id}/lessons`, {
      title: `Slide ${i + 1}`,
      type: 'text',
      content: `<p>Slide ${i + 1}</p>`,
    });
    lessonIds.push(lesson.id);
  }
  const quiz = await create<{ id: string }>(`/api/courses/${free.id}/quizzes`, { title: 'Check' });
  const questions: CrashCatalogue['questions'] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    const correctAnswer = (i % 3) + 1;
    const question = await create<{ id: string }>(`/api/quizzes/${quiz.id}/questions`, {
      question: `Question ${i + 1}?`,
      optionA: 'A',
      optionB: 'B',
      optionC: 'C',
      correctAnswer,
    });
    questions.push({ id: question.id, correctAnswer });
  }
  // A slide for the paid course's learners to complete.
  const paidModule = await create<{ id: string }>(`/api/courses/${paid.id}/modules`, { title: 'Basics' });
  await create(`/api/modules/${paidModule.id}/lessons`, { title: 'Welcome', type: 'text', content: '<p>Welcome</p>' });
  await create(`/api/courses/${free.id}/publish`, {});
  await create(`/api/courses/${paid.id}/publish`, {});
  return { freeCourseId: free.id, paidCourseId: paid.id, lessonIds, quizId: quiz.id, questions };
}
