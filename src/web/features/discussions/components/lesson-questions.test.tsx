import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Thread } from '#shared/schemas/discussions';
import { creator, otherStudent, renderAs, sentBodies, student, thread } from '#tests/helpers/discussion-kit';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { dismissToast } from '#web/hooks/use-toast';
import { LessonQuestions } from './lesson-questions';

const course = { id: 'c1', creatorId: creator.id, title: 'Deep Learning' };
const threadsPath = '/api/lessons/l1/threads';
const page = (items: Thread[], nextCursor: string | null = null) => ({ body: { items, nextCursor } });

const user = userEvent.setup();
beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  dismissToast();
  document.documentElement.lang = 'en';
});

const show = (as = student, path?: string) => renderAs(as, <LessonQuestions courseId="c1" lessonId="l1" />, { path });

describe('the questions under a slide', () => {
  it('starts empty, asks with Ctrl+Enter, shows the server’s refusal and then the new question', async () => {
    let posts = 0;
    let asked: Thread[] = [];
    stubFetch({
      'GET /api/courses/c1': { body: course },
      [`GET ${threadsPath}`]: () => page(asked),
      [`POST ${threadsPath}`]: () => {
        if (++posts === 1) return { status: 429, body: { message: 'You are asking too fast. Try again in a minute.' } };
        asked = [thread({ id: 't9', body: 'First line\nsecond line', user: { id: student.id, name: student.name } })];
        return { status: 201, body: asked[0] };
      },
    });
    show();

    expect(await screen.findByText('No questions yet — ask the first one')).toBeTruthy();
    const field = screen.getByLabelText('Ask a question about this slide');
    const send = screen.getByRole('button', { name: 'Post question' });
    expect(send).toHaveProperty('disabled', true);
    await user.type(field, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(screen.getByText(/22 \/ 5,000 characters/)).toBeTruthy();

    await user.keyboard('{Control>}{Enter}{/Control}');
    expect((await screen.findByRole('alert')).textContent).toBe('You are asking too fast. Try again in a minute.');
    expect(field).toHaveProperty('value', 'First line\nsecond line');

    await user.keyboard('{Meta>}{Enter}{/Meta}');
    const item = await screen.findByRole('listitem', { name: 'Ada Student’s question' });
    // Plain text with its line break, in an element that keeps it.
    expect(within(item).getByText(/First line/).textContent).toBe('First line\nsecond line');
    expect(field).toHaveProperty('value', '');
    expect(sentBodies('POST', threadsPath)).toEqual([{ body: 'First line\nsecond line' }, { body: 'First line\nsecond line' }]);
    // The asker does not upvote their own question, nor report it, but may delete it.
    expect(within(item).queryByRole('button', { name: /^Upvote/ })).toBeNull();
    expect(within(item).queryByRole('button', { name: /^Report/ })).toBeNull();
    expect(within(item).getByRole('button', { name: 'Delete Ada Student’s question' })).toBeTruthy();
  });

  it('shows markup as text and runs none of it', async () => {
    const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    stubFetch({
      'GET /api/courses/c1': { body: course },
      [`GET ${threadsPath}`]: page([
        thread({
          body: payload,
          replies: [{ id: 'r1', body: payload, user: otherStudent, instructor: false, createdAt: new Date().toISOString() }],
        }),
      ]),
    });
    show();
    const item = await screen.findByRole('listitem', { name: 'Bo Other’s question' });
    expect(within(item).getAllByText(payload)).toHaveLength(2);
    expect(item.querySelector('img, script')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('upvotes at once, and takes the vote back when the server refuses it', async () => {
    let votes = 0;
    stubFetch({
      'GET /api/courses/c1': { body: course },
      [`GET ${threadsPath}`]: page([thread()]),
      'POST /api/threads/t1/upvote': () =>
        ++votes === 1
          ? { body: { id: 't1', upvotes: 3, upvoted: true }, delayMs: 50 }
          : { status: 500, body: { message: 'Down' } },
      'DELETE /api/threads/t1/upvote': { status: 403, body: { message: 'Not allowed' }, delayMs: 50 },
    });
    show();
    const button = await screen.findByRole('button', { name: 'Upvote, 2 upvotes' });
    expect(button.getAttribute('aria-pressed')).toBe('false');

    await user.click(button);
    // Before the server has answered.
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Upvote, 3 upvotes');
    expect(sentBodies('POST', '/api/threads/t1/upvote')).toHaveLength(1);
    // The server's answer (after 50 ms) keeps it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(button.getAttribute('aria-pressed')).toBe('true');

    await user.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByText('Vote not saved')).toBeTruthy();
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Upvote, 3 upvotes');
  });

  it('sorts, filters and loads more through the API’s query', async () => {
    const { urls } = stubFetch({
      'GET /api/courses/c1': { body: course },
      [`GET ${threadsPath}`]: (url) =>
        url.searchParams.get('cursor') === 'next-1'
          ? page([thread({ id: 't2', body: 'An older question' })])
          : url.searchParams.get('unanswered') === 'true'
            ? page([])
            : page([thread()], 'next-1'),
    });
    show();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('An older question')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Sort by'), 'top');
    await user.click(screen.getByRole('checkbox', { name: 'Unanswered only' }));
    expect(await screen.findByText('Every question has an answer')).toBeTruthy();
    expect(urls.filter((url) => url.startsWith(threadsPath))).toEqual([
      `${threadsPath}?sort=newest`,
      `${threadsPath}?sort=newest&cursor=next-1`,
      `${threadsPath}?sort=top`,
      `${threadsPath}?sort=top&unanswered=true`,
    ]);
  });

  it('shows a failed list with a retry, and a skeleton while it loads', async () => {
    let reads = 0;
    stubFetch({
      'GET /api/courses/c1': { body: course },
      [`GET ${threadsPath}`]: () => (++reads === 1 ? { status: 500, body: { message: 'Down' }, delayMs: 30 } : page([thread()])),
    });
    show();
    expect(screen.getByRole('status', { name: 'Loading questions' })).toBeTruthy();
    expect(await screen.findByText('The questions could not be loaded')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Why does the loss go up?')).toBeTruthy();
  });

  it('lets the course’s creator answer: the thread is answered, the reply marked Instructor', async () => {
    stubFetch({
      'GET /api/courses/c1': { body: course },
      [`GET ${threadsPath}`]: page([thread()]),
      'POST /api/threads/t1/replies': {
        status: 201,
        body: {
          id: 'r1',
          body: 'Lower the learning rate.',
          user: { id: creator.id, name: creator.name },
          instructor: true,
          createdAt: new Date().toISOString(),
        },
      },
    });
    show(creator);
    const item = await screen.findByRole('listitem', { name: 'Bo Other’s question' });
    expect(within(item).queryByText('Answered')).toBeNull();
    await user.click(within(item).getByRole('button', { name: 'Reply to Bo Other’s question' }));
    const field = within(item).getByLabelText('Your reply to Bo Other');
    expect(document.activeElement).toBe(field);
    await user.type(field, 'Lower the learning rate.');
    await user.click(within(item).getByRole('button', { name: 'Post reply' }));

    const replies = await within(item).findByRole('list', { name: 'Replies to Bo Other’s question' });
    expect(within(replies).getByText('Lower the learning rate.')).toBeTruthy();
    expect(within(replies).getByText('Instructor')).toBeTruthy();
    expect(within(item).getByText('Answered')).toBeTruthy();
    // The creator may delete any question of their course.
    expect(within(item).getByRole('button', { name: 'Delete Bo Other’s question' })).toBeTruthy();
  });

  it('deletes after a confirmation, for the author, the creator or an admin only', async () => {
    stubFetch({
      'GET /api/courses/c1': { body: course },
      [`GET ${threadsPath}`]: page([
        thread({ id: 't1', user: { id: student.id, name: student.name } }),
        thread({ id: 't2', body: 'Someone else’s' }),
      ]),
      'DELETE /api/threads/t1': { status: 204 },
    });
    show();
    const others = await screen.findByRole('listitem', { name: 'Bo Other’s question' });
    expect(within(others).queryByRole('button', { name: /^Delete/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete Ada Student’s question' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this question?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Ada Student’s question' })).toBeNull());
    expect(sentBodies('DELETE', '/api/threads/t1')).toHaveLength(1);
    expect(screen.getByRole('listitem', { name: 'Bo Other’s question' })).toBeTruthy();
  });

  it('reports with an optional reason, and says Reported afterwards', async () => {
    stubFetch({
      'GET /api/courses/c1': { body: course },
      [`GET ${threadsPath}`]: page([thread()]),
      'POST /api/threads/t1/report': { body: { reported: true } },
    });
    show();
    await user.click(await screen.findByRole('button', { name: 'Report Bo Other’s question' }));
    const dialog = screen.getByRole('dialog', { name: 'Report Bo Other’s question' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Spam link');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Reported')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sentBodies('POST', '/api/threads/t1/report')).toEqual([{ reason: 'Spam link' }]);
  });

  it('scrolls to and marks the question a link names, loading pages until it shows', async () => {
    stubFetch({
      'GET /api/courses/c1': { body: course },
      [`GET ${threadsPath}`]: (url) =>
        url.searchParams.get('cursor') ? page([thread({ id: 'old', body: 'An old one' })]) : page([thread()], 'p2'),
    });
    show(student, '/course/c1/learn/l1#thread-old');
    const linked = (await screen.findByText('An old one')).closest('li') as HTMLElement;
    await waitFor(() => expect(document.activeElement).toBe(linked));
    expect(linked.id).toBe('thread-old');
    expect(linked.scrollIntoView).toHaveBeenCalled();
    expect(linked.className).toContain('ring-primary');
  });

  it('speaks the page’s language: its labels, the author’s name inside whole sentences, and counted votes', async () => {
    stubFetch({
      'GET /api/courses/c1': { body: course },
      [`GET ${threadsPath}`]: page([thread()]),
      'POST /api/threads/t1/report': { body: { reported: true } },
    });
    document.documentElement.lang = 'es';
    show();
    const item = await screen.findByRole('listitem', { name: 'Pregunta de Bo Other' });
    expect(screen.getByRole('heading', { name: 'Preguntas' })).toBeTruthy();
    expect(screen.getByLabelText('Haz una pregunta sobre esta diapositiva')).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Votar, 2 votos' })).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: 'Denunciar la pregunta de Bo Other' }));
    const dialog = screen.getByRole('dialog', { name: 'Denunciar la pregunta de Bo Other' });
    await user.click(within(dialog).getByRole('button', { name: 'Denunciar' }));
    expect(await screen.findByText('Denunciado')).toBeTruthy();
  });
});
