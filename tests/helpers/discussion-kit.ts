import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createElement as h, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { User } from '#shared/schemas/auth';
import type { Thread } from '#shared/schemas/discussions';
import { Toaster } from '#web/components/ui/toaster';
import { AuthProvider } from '#web/lib/auth';

/** The Q&A components' tests: a signed-in viewer, the app's providers, the network stubbed at fetch. */
export const student: User = { id: 'u-student', email: 'ada@example.com', name: 'Ada Student', role: 'student', locale: null };
export const otherStudent: User = { id: 'u-other', email: 'bo@example.com', name: 'Bo Other', role: 'student', locale: null };
export const creator: User = { id: 'u-creator', email: 'cy@example.com', name: 'Cy Creator', role: 'creator', locale: null };

export function thread(overrides: Partial<Thread> = {}): Thread {
  return {
    id: 't1',
    body: 'Why does the loss go up?',
    user: { id: otherStudent.id, name: otherStudent.name },
    createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    upvotes: 2,
    upvoted: false,
    answered: false,
    replies: [],
    ...overrides,
  };
}

export function renderAs(user: User, ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  localStorage.setItem('token', 'a-token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(['/api/auth/me'], user);
  render(h(QueryClientProvider, { client }, h(AuthProvider, null, h(MemoryRouter, { initialEntries: [path] }, ui)), h(Toaster)));
  return client;
}

/** The JSON bodies sent with `method path`, in order. */
export function sentBodies(method: string, path: string): unknown[] {
  const calls = vi.mocked(fetch).mock.calls as [string, RequestInit | undefined][];
  return calls
    .filter(([url, init]) => (init?.method ?? 'GET') === method && new URL(url, 'http://localhost').pathname === path)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}
