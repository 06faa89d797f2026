import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminCourse } from '#shared/schemas/admin';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { Toaster } from '#web/components/ui/toaster';
import { dismissToast } from '#web/hooks/use-toast';
import { CoursesSection } from './courses-section';

const course: AdminCourse = {
  id: 'course-1',
  title: 'Graph Neural Networks',
  status: 'published',
  published: true,
  archived: false,
  price: '25.00',
  studentCount: 3,
  rating: null,
  ratingCount: 0,
  creator: { id: 'creator-1', name: 'Ada Lovelace', email: 'ada@example.com' },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  moderation: null,
};

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CoursesSection />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const user = userEvent.setup();
afterEach(() => {
  dismissToast();
  document.documentElement.lang = '';
});

describe('the admin course list', () => {
  it('needs a reason to unpublish, shows a refusal in the dialog, and sends the reason it was given', async () => {
    let unpublishes = 0;
    const { urls } = stubFetch({
      'GET /api/admin/courses': () => ({ body: { items: [course], nextCursor: null } }),
      'POST /api/admin/courses/course-1/unpublish': () =>
        ++unpublishes === 1
          ? { status: 409, body: { message: 'This course is not published' } }
          : { body: { ...course, status: 'draft', published: false } },
    });
    renderSection();

    const row = (await screen.findByText('Graph Neural Networks')).closest('li') as HTMLElement;
    expect(within(row).getByText(/3 students/)).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Unpublish Graph Neural Networks' }));
    const dialog = screen.getByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Unpublish' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Reason for the creator'), '   ');
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Reason for the creator'), 'Copied slides');
    expect(within(dialog).getByText('16 / 500')).toBeTruthy();
    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'This course is not published');

    await user.click(confirm);
    expect(await screen.findByText('Course unpublished')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(urls.filter((url) => url.startsWith('/api/admin/courses?')).length).toBeGreaterThanOrEqual(2);
  });

  it('searches by title and filters by state through the query', async () => {
    const { urls } = stubFetch({ 'GET /api/admin/courses': () => ({ body: { items: [], nextCursor: null } }) });
    renderSection();
    expect(await screen.findByText('No courses found')).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Find courses' }), 'graphs');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'archived');
    await waitFor(() => expect(urls.at(-1)).toBe('/api/admin/courses?limit=20&q=graphs&status=archived'));
  });

  it("speaks the page's language: counts, prices, the action and its dialog", async () => {
    document.documentElement.lang = 'es';
    stubFetch({ 'GET /api/admin/courses': () => ({ body: { items: [course], nextCursor: null } }) });
    renderSection();

    const row = (await screen.findByText('Graph Neural Networks')).closest('li') as HTMLElement;
    expect(row.textContent).toContain('por Ada Lovelace · 25,00\u00a0US$ · 3 estudiantes');
    await user.click(within(row).getByRole('button', { name: 'Despublicar Graph Neural Networks' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: '¿Despublicar «Graph Neural Networks»?' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Motivo para el creador')).toBeTruthy();
  });
});
