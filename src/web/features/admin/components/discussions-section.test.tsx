import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDiscussionReport } from '#shared/schemas/discussions';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { Toaster } from '#web/components/ui/toaster';
import { dismissToast } from '#web/hooks/use-toast';
import { DiscussionsSection } from './discussions-section';

const reported: AdminDiscussionReport = {
  kind: 'reply',
  id: 'r1',
  body: '<b>Buy followers</b> at spam.example',
  user: { id: 'u1', name: 'Spam Bot' },
  course: { id: 'c1', title: 'Deep Learning' },
  lessonId: 'l1',
  threadId: 't1',
  reportCount: 3,
  reasons: ['Spam', 'Advert'],
  hidden: false,
  lastReportedAt: '2026-11-02T10:00:00.000Z',
};

const user = userEvent.setup();
afterEach(() => dismissToast());

describe('the admin’s reported questions', () => {
  it('lists reported posts with their reasons and a link to where they were asked, and hides one', async () => {
    let isHidden = false;
    stubFetch({
      'GET /api/admin/discussions': () => ({ body: { items: [{ ...reported, hidden: isHidden }], nextCursor: null } }),
      'PUT /api/admin/replies/r1/hidden': () => {
        isHidden = true;
        return { body: { id: 'r1', hidden: true } };
      },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <DiscussionsSection />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    );
    const row = (await screen.findByText('<b>Buy followers</b> at spam.example')).closest('li') as HTMLElement;
    expect(within(row).getByText('3 reports')).toBeTruthy();
    expect(within(row).getByText('“Advert”')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Where it was asked' }).getAttribute('href')).toBe(
      '/course/c1/learn/l1#thread-t1',
    );

    await user.click(within(row).getByRole('button', { name: 'Hide Spam Bot’s reply in Deep Learning' }));
    expect(await screen.findByText('The reply is hidden')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Show again Spam Bot’s reply in Deep Learning' })).toBeTruthy();
    const put = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/hidden'));
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ hidden: true });
  });
});
