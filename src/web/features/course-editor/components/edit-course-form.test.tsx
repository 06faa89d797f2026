import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Course } from '#shared/schemas/catalog';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { Toaster } from '#web/components/ui/toaster';
import { dismissToast } from '#web/hooks/use-toast';
import { getQueryFn } from '#web/lib/api-client';
import { EditCourseForm } from './edit-course-form';

const course: Course = {
  id: 'course-1',
  title: 'Diffusion Models',
  description: '<p>Noise, then less noise.</p>',
  price: '0.00',
  thumbnail: null,
  difficulty: 'Beginner',
  duration: null,
  language: 'fi',
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

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: getQueryFn(), retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/creator/courses/:id/edit', element: <EditCourseForm courseId="course-1" /> },
      { path: '/creator/courses/:id/build', element: <h1>Builder page</h1> },
    ],
    { initialEntries: ['/creator/courses/course-1/edit'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const user = userEvent.setup();

afterEach(() => {
  dismissToast();
  document.documentElement.lang = '';
});

describe('the edit course form', () => {
  it("shows the course's stored language, even one outside the list, and sends the one chosen", async () => {
    stubFetch({
      'GET /api/courses/course-1': { body: course },
      'GET /api/creator/courses': { body: [] },
      'PATCH /api/courses/course-1': { body: { ...course, language: 'de' } },
    });
    renderForm();
    const language = await screen.findByLabelText('Language');
    expect(language).toHaveValue('fi');
    expect(screen.getByRole('option', { name: 'Finnish', selected: true })).toBeInTheDocument();

    await user.selectOptions(language, 'de');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('heading', { name: 'Builder page' })).toBeInTheDocument();
    const patch = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toMatchObject({ title: 'Diffusion Models', language: 'de' });
  });

  it("speaks the page's language: its words and the languages' names", async () => {
    document.documentElement.lang = 'es';
    stubFetch({ 'GET /api/courses/course-1': { body: course }, 'GET /api/creator/courses': { body: [] } });
    renderForm();

    expect(await screen.findByRole('heading', { name: 'Editar los detalles del curso' })).toBeInTheDocument();
    const language = await screen.findByLabelText('Idioma');
    expect(language).toHaveAccessibleDescription('El idioma en el que se imparte el curso');
    expect(screen.getByRole('option', { name: 'alemán' })).toHaveValue('de');
    expect(screen.getByRole('option', { name: 'Principiante' })).toHaveValue('Beginner');
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeInTheDocument();
  });
});
