import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Course } from '#shared/schemas/catalog';
import type { ModuleOutline, QuizOutline } from '#shared/schemas/outline';
import { type StubbedAnswer, stubFetch } from '#tests/helpers/fetch-stub';
import { Toaster } from '#web/components/ui/toaster';
import { dismissToast } from '#web/hooks/use-toast';
import { getQueryFn } from '#web/lib/api-client';
import { CourseBuilder } from './course-builder';

const course: Course = {
  id: 'course-1',
  title: 'Intro to Neural Networks',
  description: '<p>Perceptrons onwards.</p>',
  price: '0.00',
  thumbnail: null,
  difficulty: 'Beginner',
  duration: '1 hour',
  language: 'en',
  published: false,
  archived: false,
  creatorId: 'creator-1',
  instructor: { id: 'creator-1', name: 'Ada Lovelace' },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  studentCount: 0,
  rating: null,
  ratingCount: 0,
};
const perceptrons: ModuleOutline = {
  id: 'module-1',
  courseId: 'course-1',
  title: 'Perceptrons',
  description: null,
  order: 0,
  lessons: [],
  unlockAfterDays: null,
  unlockAt: null,
  prerequisiteQuizId: null,
};
const checkpoint: QuizOutline = {
  id: 'quiz-1',
  courseId: 'course-1',
  title: 'Checkpoint',
  description: null,
  order: 1,
  questionCount: 3,
  unlockAfterDays: null,
  unlockAt: null,
  prerequisiteQuizId: null,
};

function stubCourse(routes: Record<string, StubbedAnswer | (() => StubbedAnswer)> = {}) {
  return stubFetch({
    'GET /api/courses/course-1': { body: course },
    'GET /api/courses/course-1/modules': { body: [perceptrons] },
    'GET /api/courses/course-1/quizzes': { body: [checkpoint] },
    ...routes,
  });
}

function requestBody(method: string, path: string): unknown {
  const call = vi.mocked(fetch).mock.calls.find(([url, init]) => init?.method === method && String(url) === path);
  return call?.[1]?.body === undefined ? undefined : JSON.parse(String(call[1].body));
}

function renderBuilder() {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: getQueryFn(), retry: false } } });
  const router = createMemoryRouter([{ path: '/creator/courses/:id/build', element: <CourseBuilder courseId="course-1" /> }], {
    initialEntries: ['/creator/courses/course-1/build'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const user = userEvent.setup();
afterEach(() => dismissToast());

describe('the course builder', () => {
  it('loads the course and numbers its content within each kind', async () => {
    stubCourse();
    renderBuilder();
    expect(screen.getByText('Loading course...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Intro to Neural Networks' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('region', { name: 'Course Content' })).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['Perceptrons', 'Checkpoint']);
    expect(rows[0]).toHaveTextContent('Module 1');
    expect(rows[1]).toHaveTextContent('Quiz 1');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Add Content →' })).toHaveAttribute(
      'href',
      '/creator/modules/module-1/build',
    );
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Build Quiz →' })).toHaveAttribute(
      'href',
      '/creator/quizzes/quiz-1/build',
    );
    expect(screen.getByRole('button', { name: 'Move Perceptrons up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Checkpoint down' })).toBeDisabled();
  });

  it('asks for a title, sends the item count as the order, and reports a failed add', async () => {
    const { calls } = stubCourse({
      'POST /api/courses/course-1/quizzes': { status: 400, body: { message: 'Must not contain control characters' } },
    });
    renderBuilder();
    await screen.findByText('Checkpoint');
    const quizForm = screen.getByRole('form', { name: 'Add Quiz' });
    await user.click(within(quizForm).getByRole('button', { name: 'Add Quiz' }));
    expect(await screen.findByText('Quiz title required')).toBeInTheDocument();
    expect(within(quizForm).getByLabelText('Quiz Title')).toHaveFocus();
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);

    await user.type(within(quizForm).getByLabelText('Quiz Title'), 'Final quiz');
    await user.click(within(quizForm).getByRole('button', { name: 'Add Quiz' }));
    expect(await screen.findByText('Failed to add quiz')).toBeInTheDocument();
    expect(screen.getByText('Must not contain control characters')).toBeInTheDocument();
    expect(requestBody('POST', '/api/courses/course-1/quizzes')).toEqual({ title: 'Final quiz', description: null, order: 2 });
  });

  it('shows no notice when a move fails, and fetches the content again', async () => {
    const { calls } = stubCourse({ 'PATCH /api/quizzes/quiz-1': { status: 409, body: { message: 'Conflict' } } });
    renderBuilder();
    await screen.findByText('Checkpoint');
    await user.click(screen.getByRole('button', { name: 'Move Checkpoint up' }));
    await vi.waitFor(() => expect(calls.filter((call) => call === 'GET /api/courses/course-1/quizzes')).toHaveLength(2));
    expect(requestBody('PATCH', '/api/quizzes/quiz-1')).toEqual({ order: 0 });
    expect(screen.queryByText('Conflict')).not.toBeInTheDocument();
  });

  it('deletes only after the confirmation, and reports a failed delete or publish', async () => {
    const { calls } = stubCourse({
      'DELETE /api/quizzes/quiz-1': { status: 403, body: { message: 'Only the course creator can change it' } },
      'GET /api/courses/course-1/publish-checklist': {
        body: {
          courseId: 'course-1',
          canPublish: true,
          items: [
            {
              key: 'content',
              label: 'At least one module with slides',
              ok: true,
              required: true,
              detail: '1 module with slides',
            },
          ],
        },
      },
      'POST /api/courses/course-1/publish': { status: 500, body: { message: 'Internal server error' } },
    });
    renderBuilder();
    await screen.findByText('Checkpoint');
    await user.click(screen.getByRole('button', { name: 'Delete Checkpoint' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this quiz?')).toBeInTheDocument();
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete quiz')).toBeInTheDocument();
    expect(screen.getByText('Only the course creator can change it')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish Course' }));
    const confirm = await screen.findByRole('dialog');
    expect(await within(confirm).findByText('1 module with slides')).toBeInTheDocument();
    expect(calls).not.toContain('POST /api/courses/course-1/publish');
    await user.click(within(confirm).getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('Failed to publish course')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('speaks Arabic on an Arabic page: counts in its plural forms, the checklist in its words', async () => {
    document.documentElement.lang = 'ar';
    stubCourse({
      'GET /api/courses/course-1/publish-checklist': {
        body: {
          courseId: 'course-1',
          canPublish: true,
          items: [
            {
              key: 'module:module-1',
              label: 'Module “Perceptrons” has slides',
              ok: false,
              required: false,
              detail: 'Add a slide to the module “Perceptrons”',
            },
            { key: 'price', label: 'Price', ok: true, required: true, detail: 'Free' },
          ],
        },
      },
    });
    try {
      renderBuilder();
      const rows = within(await screen.findByRole('region', { name: 'محتوى الدورة' })).getAllByRole('listitem');
      expect(rows[0]).toHaveTextContent('الوحدة 1');
      expect(rows[0]).toHaveTextContent('لا توجد شرائح');
      expect(rows[1]).toHaveTextContent('3 أسئلة');
      expect(screen.getByRole('button', { name: 'نقل Perceptrons للأعلى' })).toBeDisabled();

      await user.click(screen.getByRole('button', { name: 'نشر الدورة' }));
      const confirm = await screen.findByRole('dialog');
      expect(await within(confirm).findByText('الوحدة «Perceptrons» تحتوي على شرائح')).toBeInTheDocument();
      expect(within(confirm).getByText('أضف شريحة إلى الوحدة «Perceptrons»')).toBeInTheDocument();
      expect(within(confirm).getByText('مجاني')).toBeInTheDocument();
      expect(within(confirm).getByText(/^عنصر واحد ناقص أو فارغ\./)).toBeInTheDocument();
      expect(within(confirm).getByRole('button', { name: 'النشر على أي حال' })).toBeEnabled();
    } finally {
      document.documentElement.lang = '';
    }
  });

  it('says so when the course does not exist', async () => {
    stubCourse({ 'GET /api/courses/course-1': { status: 404, body: { message: 'Course not found' } } });
    renderBuilder();
    expect(await screen.findByText('Course not found')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to Dashboard' })[0]).toHaveAttribute('href', '/creator/dashboard');
  });
});
