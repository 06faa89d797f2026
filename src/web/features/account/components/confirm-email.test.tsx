import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/auth';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { AuthProvider, useAuth } from '#web/lib/auth';
import { ConfirmEmail } from './confirm-email';

const before: User = { id: 'user-1', email: 'old@example.com', name: 'Grace Hopper', role: 'student', locale: null };
const after: User = { ...before, email: 'new@example.com' };

function SignedInAs() {
  const { user } = useAuth();
  return <p>Signed in as {user?.email ?? 'nobody'}</p>;
}

afterEach(() => localStorage.clear());

describe('confirming an email change', () => {
  it('shows the new address even when the first check of the session was still on its way with the old one', async () => {
    localStorage.setItem('token', 'a-token');
    let checks = 0;
    // The page's first session check leaves before the confirmation and comes back after it, carrying the old address.
    stubFetch({
      'GET /api/auth/me': () => (++checks === 1 ? { body: before, delayMs: 150 } : { body: after }),
      'POST /api/account/email/confirm': { body: { email: after.email } },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AuthProvider>
          <MemoryRouter>
            <ConfirmEmail token="mailed-token" />
            <SignedInAs />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );

    expect(await screen.findByRole('heading', { name: 'Email changed' })).toBeTruthy();
    expect(await screen.findByText('Signed in as new@example.com', {}, { timeout: 2000 })).toBeTruthy();
    expect(checks).toBe(2);
  });
});
