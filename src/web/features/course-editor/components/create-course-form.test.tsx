import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Course } from '#shared/schemas/catalog';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { Toaster } from '#web/components/ui/toaster';
import { dismissToast } from '#web/hooks/use-toast';
import { getQueryFn } from '#web/lib/api-client';
import { CreateCourseForm } from './create-course-form';

function savedCourse(overrides: Partial<Course> = {}): Course {
  return {
    id: 'course-1',
    title: 'Diffusion Models',
    description: 'Course description to be added',
    price: '0.00',
    thumbnail: null,
    difficulty: 'Beginner',
    duration: null,
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
    ...overrides,
  };
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: getQueryFn(), retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/creator/create-course', element: <CreateCourseForm /> },
      { path: '/creator/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/creator/courses/:id/build', element: <h1>Builder page</h1> },
    ],
    { initialEntries: ['/creator/create-course'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router };
}

function sentBody(): Record<string, unknown> {
  const post = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'POST');
  return JSON.parse(String(post?.[1]?.body));
}

const user = userEvent.setup();
const notices = () => screen.getByRole('region', { name: /Notifications/ });

afterEach(() => dismissToast());

describe('the create course form', () => {
  it('asks for a title before anything is sent', async () => {
    const { calls } = stubFetch({});
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Create & Build' }));

    expect(await screen.findByText('Course title required')).toBeInTheDocument();
    expect(notices()).toHaveTextContent('Please enter a title for your course');
    expect(screen.getByLabelText('Course Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Course Title')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByText('Course title required')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('names the missing description when building, and needs no price', async () => {
    const { calls } = stubFetch({});
    renderForm();
    await user.type(screen.getByLabelText('Course Title'), 'Diffusion Models');
    await user.click(screen.getByRole('button', { name: 'Create & Build' }));

    expect(await screen.findByText('Description required')).toBeInTheDocument();
    expect(notices()).toHaveTextContent('Please describe your course to start building');
    expect(screen.queryByText('Missing fields')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Price (USD)')).not.toHaveAttribute('aria-invalid');
    expect(calls).toEqual([]);
  });

  it('counts the title against its 200 characters', async () => {
    stubFetch({});
    renderForm();
    expect(screen.getByText('0/200 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Course Title'), 'Diffusion');
    expect(screen.getByText('9/200 characters')).toBeInTheDocument();
  });

  it('refuses a negative price', async () => {
    const { calls } = stubFetch({});
    renderForm();
    await user.type(screen.getByLabelText('Course Title'), 'Diffusion Models');
    await user.type(screen.getByLabelText('Price (USD)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    expect(await screen.findByText('Invalid price')).toBeInTheDocument();
    expect(notices()).toHaveTextContent('Please enter a valid price');
    expect(screen.getByLabelText('Price (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('refuses a paid price under 0.50, saying so under the price field', async () => {
    const { calls } = stubFetch({});
    renderForm();
    await user.type(screen.getByLabelText('Course Title'), 'Diffusion Models');
    await user.type(screen.getByLabelText('Price (USD)'), '0.49');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    expect(await screen.findByText('Invalid price')).toBeInTheDocument();
    const price = screen.getByLabelText('Price (USD)');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(expect.stringContaining('A course is free (0) or costs at least 0.50'));
    expect(calls).toEqual([]);
  });

  it('saves a draft with the defaults for an empty price and description, then opens the dashboard', async () => {
    const { calls } = stubFetch({ 'POST /api/courses': { status: 201, body: savedCourse() } });
    renderForm();
    await user.type(screen.getByLabelText('Course Title'), '  Diffusion Models ');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(screen.getByText('Draft saved!')).toBeInTheDocument();
    expect(calls).toEqual(['POST /api/courses']);
    expect(sentBody()).toEqual({
      title: 'Diffusion Models',
      description: 'Course description to be added',
      price: '0.00',
      difficulty: 'Beginner',
      duration: null,
      thumbnail: null,
      language: 'en',
      published: false,
    });
  });

  it('sends the language the course is taught in, each named in the page language', async () => {
    stubFetch({ 'POST /api/courses': { status: 201, body: savedCourse({ language: 'pt-BR' }) } });
    renderForm();
    await user.type(screen.getByLabelText('Course Title'), 'Diffusion Models');
    const language = screen.getByLabelText('Language');
    expect(language).toHaveValue('en');
    expect(language).toHaveAccessibleDescription('The language the course is taught in');
    expect(within(language).getByRole('option', { name: 'German' })).toHaveValue('de');
    await user.selectOptions(language, 'Brazilian Portuguese');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    await screen.findByRole('heading', { name: 'Dashboard page' });
    expect(sentBody()).toMatchObject({ language: 'pt-BR', published: false });
  });

  it('sends the chosen difficulty, length and price', async () => {
    stubFetch({ 'POST /api/courses': { status: 201, body: savedCourse() } });
    renderForm();
    await user.type(screen.getByLabelText('Course Title'), 'Diffusion Models');
    await user.type(screen.getByLabelText('Price (USD)'), '0');
    await user.selectOptions(screen.getByLabelText('Difficulty'), 'Advanced');
    await user.type(screen.getByRole('spinbutton', { name: 'Hours' }), '6');
    await user.type(screen.getByRole('spinbutton', { name: 'Minutes' }), '5');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    await screen.findByRole('heading', { name: 'Dashboard page' });
    expect(sentBody()).toMatchObject({ price: '0', difficulty: 'Advanced', duration: '6 hours 5 minutes', published: false });
  });

  it('shows every problem under its field, and the notice for the first', async () => {
    const { calls } = stubFetch({});
    renderForm();
    await user.type(screen.getByLabelText('Price (USD)'), '-5');
    await user.type(screen.getByRole('spinbutton', { name: 'Minutes' }), '75');
    await user.click(screen.getByRole('button', { name: 'Create & Build' }));

    expect(await screen.findByText('Course title required')).toBeInTheDocument();
    expect(screen.getByLabelText('Course Title')).toHaveAccessibleDescription('Please enter a title for your course');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
      'Please describe your course to start building',
    );
    expect(screen.getByLabelText('Price (USD)')).toHaveAccessibleDescription('Please enter a valid price');
    expect(screen.getByRole('spinbutton', { name: 'Minutes' })).toHaveAccessibleDescription(
      'Please enter whole minutes from 0 to 59',
    );
    expect(screen.getByRole('spinbutton', { name: 'Minutes' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('spinbutton', { name: 'Hours' })).not.toHaveAttribute('aria-invalid');
    expect(calls).toEqual([]);

    // Fixing a field clears its message only.
    await user.type(screen.getByLabelText('Course Title'), 'Diffusion Models');
    expect(screen.getByLabelText('Course Title')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Price (USD)')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's message for any field under that field, whatever rule refused it", async () => {
    stubFetch({
      'POST /api/courses': {
        status: 400,
        body: { message: 'price: Prices below $1.00 are not accepted', errors: { price: 'Prices below $1.00 are not accepted' } },
      },
    });
    renderForm();
    await user.type(screen.getByLabelText('Course Title'), 'Diffusion Models');
    // A price the form itself accepts: the refusal is a rule only the server knows.
    await user.type(screen.getByLabelText('Price (USD)'), '0.75');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    expect(await screen.findByText('Failed to create course')).toBeInTheDocument();
    expect(screen.getByLabelText('Price (USD)')).toHaveAccessibleDescription('Prices below $1.00 are not accepted');
    expect(screen.getByLabelText('Price (USD)')).toHaveFocus();
  });

  it("shows the server's message when the course cannot be created", async () => {
    stubFetch({
      'POST /api/courses': { status: 400, body: { message: 'Title is too long', errors: { title: 'Title is too long' } } },
    });
    renderForm();
    await user.type(screen.getByLabelText('Course Title'), 'Diffusion Models');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    expect(await screen.findByText('Failed to create course')).toBeInTheDocument();
    expect(screen.getAllByText('Title is too long').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Course Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { name: 'Dashboard page' })).not.toBeInTheDocument();
  });
});
