import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Course } from '#shared/schemas/catalog';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { getQueryFn } from '#web/lib/api-client';
import { AuthProvider } from '#web/lib/auth';
import { CourseCatalog } from './course-catalog';

function course(overrides: Partial<Course>): Course {
  const creatorId = crypto.randomUUID();
  return {
    id: crypto.randomUUID(),
    title: 'A course',
    description: '<p>About <strong>models</strong></p>',
    price: '0.00',
    thumbnail: null,
    difficulty: 'Beginner',
    duration: '3h',
    language: 'en',
    published: true,
    archived: false,
    creatorId,
    instructor: { id: creatorId, name: 'Ada Lovelace' },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    studentCount: 12,
    rating: null,
    ratingCount: 0,
    ...overrides,
  };
}

function renderCatalog() {
  // The app's own query defaults (docs/product.md, Web app conventions): no retries, so an error shows at once;
  // never stale by itself.
  const client = new QueryClient({
    defaultOptions: { queries: { queryFn: getQueryFn({ on401: 'throw' }), retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  return render(
    <QueryClientProvider client={client}>
      {/* A guest: the cards' Add to cart asks who is here. */}
      <AuthProvider>
        <MemoryRouter>
          <CourseCatalog />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('the home catalogue', () => {
  it('says it is loading, then shows a card per course with its price and a link to it', async () => {
    const first = course({ title: 'Transformers in Practice', price: '49.00', difficulty: 'Advanced' });
    const second = course({ title: 'Python for Data Science', price: '0.00' });
    const { urls } = stubFetch({ 'GET /api/courses': { body: [first, second], delayMs: 20 } });
    renderCatalog();

    expect(screen.getByRole('status')).toHaveTextContent('Loading courses...');
    expect(await screen.findByRole('heading', { name: 'Transformers in Practice' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Python for Data Science' })).toBeInTheDocument();
    expect(screen.getByText('$49.00')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toContain(`/course/${first.id}`);
    expect(links).toContain(`/instructors/${first.instructor.id}`);
    expect(screen.queryByText('Loading courses...')).not.toBeInTheDocument();
    // Only the first dozen of the most followed: never the whole catalogue.
    expect(urls).toEqual(['/api/courses?limit=12']);
    expect(screen.getByRole('link', { name: 'View all courses' })).toHaveAttribute('href', '/courses');
  });

  it("fetches a difficulty's own courses when its tab opens, each tab with its way to all of them", async () => {
    const beginner = course({ title: 'Beginner course' });
    const advanced = course({ title: 'Advanced course', difficulty: 'Advanced' });
    const { urls } = stubFetch({
      'GET /api/courses': (url) => {
        const difficulty = url.searchParams.get('difficulty');
        return { body: difficulty === null ? [beginner, advanced] : difficulty === 'Advanced' ? [advanced] : [] };
      },
    });
    renderCatalog();
    await screen.findByRole('heading', { name: 'Beginner course' });
    expect(urls).toEqual(['/api/courses?limit=12']);

    await userEvent.click(screen.getByRole('tab', { name: 'Advanced' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByRole('heading', { name: 'Advanced course' })).toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: 'Beginner course' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'View all Advanced courses' })).toHaveAttribute(
      'href',
      '/courses?difficulty=Advanced',
    );
    expect(urls).toEqual(['/api/courses?limit=12', '/api/courses?difficulty=Advanced&limit=12']);

    await userEvent.click(screen.getByRole('tab', { name: 'Intermediate' }));
    expect(await within(screen.getByRole('tabpanel')).findByText('No courses available yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /View all/ })).not.toBeInTheDocument();

    // Back to a tab already seen: its courses are at hand, not fetched again.
    await userEvent.click(screen.getByRole('tab', { name: 'All Courses' }));
    expect(within(screen.getByRole('tabpanel')).getByRole('heading', { name: 'Beginner course' })).toBeInTheDocument();
    expect(urls).toHaveLength(3);
  });

  it("shows each course's language by its name in the page's language, and the page's words in it", async () => {
    stubFetch({
      'GET /api/courses': {
        body: [course({ title: 'Redes neuronales', language: 'es' }), course({ title: 'Deep learning', language: 'en' })],
      },
    });
    const { unmount } = renderCatalog();
    const spanish = (await screen.findByRole('heading', { name: 'Redes neuronales' })).closest('article');
    expect(within(spanish as HTMLElement).getByTestId('course-language')).toHaveTextContent('Taught in Spanish');
    const english = screen.getByRole('heading', { name: 'Deep learning' }).closest('article');
    expect(within(english as HTMLElement).getByTestId('course-language')).toHaveTextContent('Taught in English');
    unmount();

    document.documentElement.lang = 'de';
    try {
      renderCatalog();
      const card = (await screen.findByRole('heading', { name: 'Redes neuronales' })).closest('article');
      expect(within(card as HTMLElement).getByTestId('course-language')).toHaveTextContent('Unterrichtet auf Spanisch');
      expect(within(card as HTMLElement).getByText('Einsteiger')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Alle Kurse' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Alle Kurse ansehen' })).toHaveAttribute('href', '/courses');
    } finally {
      document.documentElement.lang = 'en';
    }
  });

  it('shows the empty state when there are no courses', async () => {
    stubFetch({ 'GET /api/courses': { body: [] } });
    renderCatalog();
    expect(await screen.findByText('No courses available yet')).toBeInTheDocument();
    expect(screen.getByText('Check back soon for new courses!')).toBeInTheDocument();
  });

  it('shows an error with a way to try again when the server fails, and recovers', async () => {
    let failing = true;
    stubFetch({
      'GET /api/courses': () =>
        failing ? { status: 500, body: { message: 'Internal server error' } } : { body: [course({ title: 'Back again' })] },
    });
    renderCatalog();
    expect(await screen.findByText("Couldn't load courses")).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeInTheDocument();
  });
});
