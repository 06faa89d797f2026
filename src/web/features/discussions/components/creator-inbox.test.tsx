import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreatorThread } from '#shared/schemas/discussions';
import { creator, renderAs, sentBodies, thread } from '#tests/helpers/discussion-kit';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { dismissToast } from '#web/hooks/use-toast';
import { CreatorInbox } from './creator-inbox';
import { QuestionsCard } from './questions-card';

const asked = (overrides: Partial<CreatorThread> = {}): CreatorThread => ({
  ...thread(),
  course: { id: 'c1', title: 'Deep Learning' },
  lesson: { id: 'l1', title: 'Backpropagation' },
  ...overrides,
});

const user = userEvent.setup();
afterEach(() => dismissToast());

describe('the creator’s questions inbox', () => {
  it('shows the unanswered count on the dashboard’s card, linking to the inbox', async () => {
    const { urls } = stubFetch({
      'GET /api/creator/threads': { body: { items: [asked()], nextCursor: 'x', unansweredCount: 7 } },
    });
    renderAs(creator, <QuestionsCard />);
    const link = await screen.findByRole('link', { name: /Questions\s*7 unanswered/ });
    expect(link.getAttribute('href')).toBe('/creator/questions');
    expect(urls).toEqual(['/api/creator/threads?unanswered=true&limit=1']);
  });

  it('lists unanswered questions first, with where each was asked, and answers them in place', async () => {
    let count = 2;
    const { urls } = stubFetch({
      'GET /api/creator/threads': (url) =>
        url.searchParams.get('unanswered') === 'true'
          ? { body: { items: [asked()], nextCursor: null, unansweredCount: count } }
          : { body: { items: [], nextCursor: null, unansweredCount: count } },
      'POST /api/threads/t1/replies': () => {
        count = 1;
        return {
          status: 201,
          body: {
            id: 'r1',
            body: 'Check the chain rule.',
            user: { id: creator.id, name: creator.name },
            instructor: true,
            createdAt: new Date().toISOString(),
          },
        };
      },
    });
    renderAs(creator, <CreatorInbox />);
    const item = await screen.findByRole('listitem', { name: 'Bo Other’s question' });
    expect(screen.getByRole('checkbox', { name: 'Unanswered only' })).toHaveProperty('checked', true);
    expect(await screen.findByText('2 unanswered')).toBeTruthy();
    expect(within(item).getByText('Deep Learning')).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Backpropagation' }).getAttribute('href')).toBe(
      '/course/c1/learn/l1#thread-t1',
    );

    // The reply form is open already.
    await user.type(within(item).getByLabelText('Your reply to Bo Other'), 'Check the chain rule.');
    await user.click(within(item).getByRole('button', { name: 'Post reply' }));
    expect(await within(item).findByText('Answered')).toBeTruthy();
    expect(within(item).getByText('Instructor')).toBeTruthy();
    expect(await screen.findByText('1 unanswered')).toBeTruthy();
    expect(sentBodies('POST', '/api/threads/t1/replies')).toEqual([{ body: 'Check the chain rule.' }]);

    await user.click(screen.getByRole('checkbox', { name: 'Unanswered only' }));
    expect(await screen.findByText('No questions yet')).toBeTruthy();
    await waitFor(() => expect(urls).toContain('/api/creator/threads'));
  });
});
