import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreatorCourse } from '#shared/schemas/creator';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { Toaster } from '#web/components/ui/toaster';
import { dismissToast } from '#web/hooks/use-toast';
import { getQueryFn } from '#web/lib/api-client';
import { CourseList } from './course-list';

const course: CreatorCourse = {
  id: 'course-1',
  title: 'Graph Neural Networks',
  description: '<p>Nodes and edges.</p>',
  price: '25.00',
  thumbnail: null,
  difficulty: 'Intermediate',
  duration: '4 hours',
  language: 'en',
  published: true,
  archived: false,
  creatorId: 'creator-1',
  instructor: { id: 'creator-1', name: 'Ada Lovelace' },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  studentCount: 0,
  rating: null,
  ratingCount: 0,
  revenue: '0.00',
  moderation: null,
};

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: getQueryFn(), retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CourseList />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const user = userEvent.setup();

afterEach(() => dismissToast());

describe('the creator course list', () => {
  it('keeps the course and says so when archiving fails', async () => {
    const { calls } = stubFetch({
      'GET /api/creator/courses': { body: [course] },
      'DELETE /api/courses/course-1': { status: 500, body: { message: 'Internal Server Error' } },
    });
    renderList();

    await user.click(await screen.findByRole('button', { name: 'Actions for Graph Neural Networks' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Archive' }));

    expect(await screen.findByText('Failed to archive course')).toBeInTheDocument();
    expect(screen.getByText('Error', { exact: true })).toBeInTheDocument();
    expect(calls).toContain('DELETE /api/courses/course-1');
    const row = screen.getByRole('link', { name: 'Graph Neural Networks' }).closest('li') as HTMLElement;
    expect(within(row).queryByText('Archived')).not.toBeInTheDocument();
    expect(within(row).getByText('$25.00')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded, and shows it once the server answers', async () => {
    let isDown = true;
    stubFetch({
      'GET /api/creator/courses': () => (isDown ? { status: 503, body: { message: 'Unavailable' } } : { body: [course] }),
    });
    renderList();

    expect(await screen.findByText('Your courses could not be loaded')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Graph Neural Networks' })).toHaveAttribute(
      'href',
      '/creator/courses/course-1/build',
    );
  });

  it("shows an admin's reason for unpublishing a course, as text", async () => {
    const reason = 'Slides copied from <b>another</b> course.\nReplace modules 2 and 3.';
    stubFetch({
      'GET /api/creator/courses': {
        body: [{ ...course, published: false, moderation: { reason, unpublishedAt: '2026-11-20T10:00:00.000Z' } }],
      },
    });
    renderList();

    const notice = await screen.findByRole('note', { name: 'Unpublished by an admin' });
    expect(notice).toHaveTextContent('An admin unpublished this course on Nov 20, 2026');
    expect(notice).toHaveTextContent('Slides copied from <b>another</b> course.');
    expect(notice.querySelector('b')).toBeNull();
    const row = screen.getByRole('link', { name: 'Graph Neural Networks' }).closest('li') as HTMLElement;
    expect(within(row).getByText('Unpublished by an admin')).toBeInTheDocument();
  });
});
