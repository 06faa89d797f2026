import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lesson } from '#shared/schemas/creator';
import { Toaster } from '#web/components/ui/toaster';
import { dismissToast } from '#web/hooks/use-toast';
import { clampSelection, selectionAfterDelete, selectionAfterMove } from '../lib/slide-selection';
import { ModuleBuilder } from './module-builder';

const MODULE = { id: 'm1', courseId: 'c1', title: 'Tokenizers', description: null, order: 0 };

function slide(id: string, order: number): Lesson {
  return {
    id,
    moduleId: 'm1',
    title: `Slide ${id}`,
    type: 'text',
    order,
    content: `<p>About ${id}</p>`,
    videoUrl: null,
    imageUrl: null,
    imageAlt: null,
    notebookUrl: null,
    duration: null,
    captions: [],
  };
}

/**
 * The slide API as the server answers it (a PATCH to a neighbour's order swaps the two, a DELETE
 * closes the gap), at the network boundary, so the component, its queries and mutations run for real.
 */
function fakeServer(ids: string[], { failPatch = false } = {}) {
  let slides = ids.map((id, order) => slide(id, order));
  const json = (body: unknown, status = 200) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      if (method === 'GET' && path === '/api/modules/m1') return json(MODULE);
      if (method === 'GET' && path === '/api/modules/m1/lessons') return json(slides);
      const id = path.match(/^\/api\/lessons\/(.+)$/)?.[1];
      const target = slides.find((candidate) => candidate.id === id);
      if (!target) throw new Error(`unexpected request: ${method} ${path}`);
      if (method === 'PATCH') {
        if (failPatch) return json({ message: 'The course is locked' }, 409);
        const { order } = JSON.parse(String(init?.body)) as { order: number };
        const neighbour = slides.find((candidate) => candidate.order === order);
        if (neighbour) neighbour.order = target.order;
        target.order = order;
        slides = [...slides].sort((a, b) => a.order - b.order);
        return json(target);
      }
      if (method === 'DELETE') {
        slides = slides.filter((candidate) => candidate !== target).map((rest, order) => ({ ...rest, order }));
        return json(undefined, 204);
      }
      throw new Error(`unexpected request: ${method} ${path}`);
    }),
  );
}

function renderBuilder() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/creator/modules/:id/build', element: <ModuleBuilder moduleId="m1" /> },
      { path: '/creator/courses/:id/build', element: <h1>Course builder</h1> },
    ],
    { initialEntries: ['/creator/modules/m1/build'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const user = userEvent.setup();
const gridButton = (name: string) => within(screen.getByRole('region', { name: 'All Slides' })).getByRole('button', { name });

async function deleteSelected(title: string) {
  await user.click(screen.getByRole('button', { name: `Delete ${title}` }));
  const confirm = await screen.findByRole('alertdialog');
  expect(within(confirm).getByText('Are you sure you want to delete this slide?')).toBeInTheDocument();
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
}

afterEach(() => dismissToast());

describe('which slide is selected after a slide is moved or deleted', () => {
  it('moves back by one after deleting the last slide', async () => {
    fakeServer(['a', 'b', 'c']);
    renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Slide 3: Slide c' }));
    expect(screen.getByText('Slide 3 of 3')).toBeInTheDocument();

    await deleteSelected('Slide c');

    expect(await screen.findByText('Slide deleted')).toBeInTheDocument();
    expect(await screen.findByText('Slide 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Slide b' })).toBeInTheDocument();
    expect(gridButton('Slide 2: Slide b')).toHaveAttribute('aria-current', 'true');
  });

  it('stays on the same place after deleting a slide that is not the last', async () => {
    fakeServer(['a', 'b', 'c']);
    renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Slide 2: Slide b' }));
    await deleteSelected('Slide b');

    expect(await screen.findByText('Slide 2 of 2')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Slide c' })).toBeInTheDocument();
  });

  it('keeps the moved slide selected, up and down', async () => {
    fakeServer(['a', 'b', 'c']);
    renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Slide 3: Slide c' }));
    await user.click(screen.getByRole('button', { name: 'Move Slide c up' }));

    expect(await screen.findByText('Slide 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Slide c' })).toBeInTheDocument();
    expect(gridButton('Slide 2: Slide c')).toHaveAttribute('aria-current', 'true');
    expect(gridButton('Slide 3: Slide b')).not.toHaveAttribute('aria-current');

    await user.click(gridButton('Slide 1: Slide a'));
    await user.click(screen.getByRole('button', { name: 'Move Slide a down' }));
    expect(await screen.findByText('Slide 2 of 3')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Slide a' })).toBeInTheDocument();
    expect(gridButton('Slide 2: Slide a')).toHaveAttribute('aria-current', 'true');
  });

  it('keeps the selection and names the failure when a move is refused', async () => {
    fakeServer(['a', 'b'], { failPatch: true });
    renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Move Slide a down' }));

    expect(await screen.findByText('Failed to reorder slide')).toBeInTheDocument();
    expect(screen.getByText('The course is locked')).toBeInTheDocument();
    expect(screen.getByText('Slide 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Slide a' })).toBeInTheDocument();
  });

  it('first slide cannot move up, the last cannot move down', async () => {
    fakeServer(['a', 'b']);
    renderBuilder();
    expect(await screen.findByRole('button', { name: 'Move Slide a up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Move Slide b down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('walks the thumbnail grid with the arrow keys', async () => {
    fakeServer(['a', 'b', 'c']);
    renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Slide 1: Slide a' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Slide 2 of 3')).toBeInTheDocument();
    expect(gridButton('Slide 2: Slide b')).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByText('Slide 3 of 3')).toBeInTheDocument();
  });
});

describe('on an Arabic page', () => {
  afterEach(() => {
    document.documentElement.lang = '';
    document.documentElement.dir = '';
  });

  it('speaks Arabic, and the side arrows follow the grid laid out from the right', async () => {
    document.documentElement.lang = 'ar';
    document.documentElement.dir = 'rtl';
    fakeServer(['a', 'b', 'c']);
    renderBuilder();
    const all = await screen.findByRole('region', { name: 'كل الشرائح' });
    await user.click(within(all).getByRole('button', { name: 'الشريحة 2: Slide b' }));
    expect(screen.getByText('الشريحة 2 من 3')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('الشريحة 3 من 3')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByText('الشريحة 1 من 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'التالي' })).toBeEnabled();
  });
});

describe('the add dialog', () => {
  it('asks for a title before saving and goes back to the type choice on Change Type', async () => {
    fakeServer([]);
    renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Add Page' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /^Image/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Slide' }));

    expect(await screen.findByText('Missing information')).toBeInTheDocument();
    expect(screen.getByText('Please select a slide type and enter a title.')).toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Change Type' }));
    expect(within(dialog).getByRole('button', { name: /^Video/ })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Slide Title')).not.toBeInTheDocument();
  });
});

describe('the selection arithmetic', () => {
  it('clamps, moves and steps back', () => {
    expect(selectionAfterDelete(2, 3)).toBe(1);
    expect(selectionAfterDelete(1, 3)).toBe(1);
    expect(selectionAfterDelete(0, 1)).toBe(0);
    expect(selectionAfterMove(2, -1, 3)).toBe(1);
    expect(selectionAfterMove(0, 1, 3)).toBe(1);
    expect(clampSelection(5, 2)).toBe(1);
    expect(clampSelection(3, 0)).toBe(0);
  });
});
