import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Question, Quiz } from '#shared/schemas/creator';
import { type StubbedAnswer, stubFetch } from '#tests/helpers/fetch-stub';
import { Toaster } from '#web/components/ui/toaster';
import { dismissToast } from '#web/hooks/use-toast';
import { getQueryFn } from '#web/lib/api-client';
import { QuizBuilder } from './quiz-builder';

const quiz: Quiz = {
  id: 'quiz-1',
  courseId: 'course-1',
  title: 'Backpropagation Check',
  description: 'Five minutes.',
  order: 1,
  passPercent: 80,
  timeLimitMinutes: null,
  maxAttempts: null,
  shuffle: false,
  unlockAfterDays: null,
  unlockAt: null,
  prerequisiteQuizId: null,
};

/** A quiz's questions on a stand-in server: POST adds, DELETE removes, GET lists what is there. */
function stubQuizServer(overrides: Record<string, StubbedAnswer | (() => StubbedAnswer)> = {}) {
  const stored: Question[] = [];
  const routes = {
    'GET /api/quizzes/quiz-1': { body: quiz },
    'GET /api/quizzes/quiz-1/questions': () => ({ body: stored }),
    'POST /api/quizzes/quiz-1/questions': () => {
      const body = sentBodies().at(-1) as Omit<Question, 'id' | 'quizId'>;
      const question = { ...body, id: `question-${stored.length + 1}`, quizId: 'quiz-1', order: stored.length };
      stored.push(question);
      return { status: 201, body: question };
    },
    ...overrides,
  };
  return { ...stubFetch(routes), stored };
}

function sentBodies(): unknown[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

function renderBuilder() {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: getQueryFn(), retry: false } } });
  const router = createMemoryRouter([{ path: '/creator/quizzes/:id/build', element: <QuizBuilder quizId="quiz-1" /> }], {
    initialEntries: ['/creator/quizzes/quiz-1/build'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const user = userEvent.setup();
const option = (letter: string) => screen.getByRole('textbox', { name: new RegExp(`^Option ${letter}`) });
const answerChoices = () =>
  within(screen.getByRole('group', { name: 'Correct Answer' }))
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent);

async function fillQuestion(question: string, options: Record<string, string>) {
  await user.type(screen.getByRole('textbox', { name: 'Question' }), question);
  for (const [letter, text] of Object.entries(options)) await user.type(option(letter), text);
}

afterEach(() => dismissToast());

describe('the quiz builder question form', () => {
  it('shows the quiz, and radio choices for C and D only while those options are filled', async () => {
    stubQuizServer();
    renderBuilder();
    expect(screen.getByText('Loading quiz...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Backpropagation Check' })).toBeInTheDocument();
    expect(screen.getByText('Five minutes.')).toBeInTheDocument();
    expect(await screen.findByText('No questions yet')).toBeInTheDocument();

    expect(answerChoices()).toEqual(['Option A', 'Option B']);
    expect(screen.getByRole('radio', { name: 'Option A' })).toBeChecked();

    await user.type(option('C'), 'ReLU');
    expect(answerChoices()).toEqual(['Option A', 'Option B', 'Option C']);
    await user.type(option('D'), 'Sigmoid');
    expect(answerChoices()).toEqual(['Option A', 'Option B', 'Option C', 'Option D']);

    await user.clear(option('C'));
    expect(answerChoices()).toEqual(['Option A', 'Option B', 'Option D']);
    await user.clear(option('D'));
    await user.type(option('D'), '   ');
    expect(answerChoices()).toEqual(['Option A', 'Option B']);
  });

  it('needs the question and options A and B before anything is sent', async () => {
    const { calls } = stubQuizServer();
    renderBuilder();
    await screen.findByText('No questions yet');

    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(await screen.findByText('Incomplete form')).toBeInTheDocument();
    expect(screen.getByText('Please fill in the question and at least 2 answer options (A and B).')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveFocus();

    dismissToast();
    await fillQuestion('What does the chain rule give?', { A: 'Gradients', C: 'Weights' });
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(await screen.findByText('Incomplete form')).toBeInTheDocument();
    expect(option('B')).toHaveAttribute('aria-invalid', 'true');
    expect(option('B')).toHaveFocus();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('refuses a correct answer that is not among the filled options', async () => {
    const { calls } = stubQuizServer();
    renderBuilder();
    await screen.findByText('No questions yet');
    await fillQuestion('Which is an optimizer?', { A: 'Adam', B: 'Dropout', C: 'SGD' });
    await user.click(screen.getByRole('radio', { name: 'Option C' }));
    await user.clear(option('C'));
    expect(screen.queryByRole('radio', { name: 'Option C' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(await screen.findByText('Invalid correct answer')).toBeInTheDocument();
    expect(screen.getByText('Please select a correct answer from the filled options.')).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('refuses option D without option C in the words the server would use', async () => {
    const { calls } = stubQuizServer();
    renderBuilder();
    await screen.findByText('No questions yet');
    await fillQuestion('Which is a loss?', { A: 'Adam', B: 'Cross-entropy', D: 'ReLU' });
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(await screen.findByText('Failed to add question')).toBeInTheDocument();
    expect(screen.getAllByText('Fill option C before option D').length).toBeGreaterThan(0);
    expect(option('C')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('adds questions with the chosen answer, lists them with the correct one marked, and deletes one', async () => {
    const server = stubQuizServer({ 'DELETE /api/questions/question-1': { status: 204 } });
    renderBuilder();
    await screen.findByText('No questions yet');

    await fillQuestion('  Which activation is zero for negative inputs?  ', { A: 'Tanh', B: 'Sigmoid', C: 'ReLU', D: 'Softmax' });
    await user.click(screen.getByRole('radio', { name: 'Option C' }));
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(await screen.findByText('Question added')).toBeInTheDocument();
    expect(sentBodies().at(-1)).toEqual({
      question: 'Which activation is zero for negative inputs?',
      optionA: 'Tanh',
      optionB: 'Sigmoid',
      optionC: 'ReLU',
      optionD: 'Softmax',
      correctAnswer: 3,
      explanation: null,
      order: 0,
    });
    expect(await screen.findByText('C. ReLU (Correct)')).toBeInTheDocument();
    // The form starts again, with the default answer.
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveValue('');
    expect(answerChoices()).toEqual(['Option A', 'Option B']);
    expect(screen.getByRole('radio', { name: 'Option A' })).toBeChecked();

    await fillQuestion('Is gradient descent iterative?', { A: 'Yes', B: 'No' });
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(await screen.findByText('A. Yes (Correct)')).toBeInTheDocument();
    expect(sentBodies().at(-1)).toMatchObject({ optionC: null, optionD: null, correctAnswer: 1, order: 1 });
    expect(screen.getByRole('heading', { name: 'Questions (2)' })).toBeInTheDocument();

    server.stored.shift();
    await user.click(screen.getByRole('button', { name: 'Delete question 1' }));
    expect(await screen.findByText('Question deleted')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Questions (1)' })).toBeInTheDocument();
    expect(screen.queryByText('C. ReLU (Correct)')).not.toBeInTheDocument();
  });

  it("shows the server's message when a question cannot be added", async () => {
    stubQuizServer({
      'POST /api/quizzes/quiz-1/questions': { status: 403, body: { message: 'Only the course creator can change it' } },
    });
    renderBuilder();
    await screen.findByText('No questions yet');
    await fillQuestion('Q?', { A: 'a', B: 'b' });
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(await screen.findByText('Failed to add question')).toBeInTheDocument();
    expect(screen.getByText('Only the course creator can change it')).toBeInTheDocument();
    // Nothing typed is lost.
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveValue('Q?');
  });

  it('keeps a question whose deletion failed, with the reason', async () => {
    const saved: Question = {
      id: 'question-9',
      quizId: 'quiz-1',
      question: 'What is overfitting?',
      optionA: 'Memorising the training set',
      optionB: 'A faster GPU',
      optionC: null,
      optionD: null,
      correctAnswer: 1,
      order: 0,
    };
    stubQuizServer({
      'GET /api/quizzes/quiz-1/questions': { body: [saved] },
      'DELETE /api/questions/question-9': { status: 404, body: { message: 'Question not found' } },
    });
    renderBuilder();
    expect(await screen.findByText('A. Memorising the training set (Correct)')).toBeInTheDocument();
    expect(screen.getByText('B. A faster GPU')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete question 1' }));
    expect(await screen.findByText('Failed to delete question')).toBeInTheDocument();
    expect(screen.getByText('Question not found')).toBeInTheDocument();
    expect(screen.getByText('What is overfitting?')).toBeInTheDocument();
  });
  it('speaks German on a German page, and moves a question', async () => {
    document.documentElement.lang = 'de';
    const single = (id: string, order: number, text: string): Question => ({
      id,
      quizId: 'quiz-1',
      type: 'single',
      question: text,
      optionA: 'Yes',
      optionB: 'No',
      optionC: null,
      optionD: null,
      correctAnswer: 1,
      explanation: null,
      order,
    });
    const { stored } = stubQuizServer({
      'PATCH /api/questions/question-2': () => {
        const [first, second] = stored as [Question, Question];
        stored.splice(0, 2, { ...second, order: 0 }, { ...first, order: 1 });
        return { body: stored[0] };
      },
    });
    stored.push(single('question-1', 0, 'First?'), single('question-2', 1, 'Second?'));
    try {
      renderBuilder();
      expect(await screen.findByRole('heading', { name: 'Fragen (2)' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Neue Frage hinzufügen' })).toBeInTheDocument();
      expect(screen.getAllByText('A. Yes (Richtig)')).toHaveLength(2);

      await user.click(screen.getByRole('button', { name: 'Frage 2 nach oben verschieben' }));
      await vi.waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Second?'));
      expect(screen.getByRole('button', { name: 'Frage 1 nach oben verschieben' })).toBeDisabled();
    } finally {
      document.documentElement.lang = '';
    }
  });
});
