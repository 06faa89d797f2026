import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/auth';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { EmailForm } from './email-form';

const user: User = { id: 'user-1', email: 'ada@example.com', name: 'Ada Lovelace', role: 'student', locale: null };

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EmailForm user={user} />
    </QueryClientProvider>,
  );
}

function submit(newEmail: string, currentPassword: string) {
  fireEvent.change(screen.getByLabelText('Neue E-Mail-Adresse'), { target: { value: newEmail } });
  fireEvent.change(screen.getByLabelText('Aktuelles Passwort'), { target: { value: currentPassword } });
  fireEvent.click(screen.getByRole('button', { name: 'Bestätigungslink senden' }));
}

afterEach(() => document.documentElement.removeAttribute('lang'));

describe('the email form on a German page', () => {
  it("shows the schema's field errors in German", async () => {
    document.documentElement.lang = 'de';
    stubFetch({});
    renderForm();
    submit('not-an-email', '');
    expect(await screen.findByText('Bitte gib eine gültige E-Mail-Adresse ein')).toBeInTheDocument();
    expect(screen.getByText('Gib dein aktuelles Passwort ein')).toBeInTheDocument();
  });

  it("shows the API's field error in German, with the refusal's notice", async () => {
    document.documentElement.lang = 'de';
    stubFetch({
      'POST /api/account/email': {
        status: 400,
        body: {
          message: 'Your current password is not correct',
          errors: { currentPassword: 'Your current password is not correct' },
        },
      },
    });
    renderForm();
    submit('new@example.com', 'wrong-password');
    expect(await screen.findAllByText('Dein aktuelles Passwort ist nicht korrekt')).not.toHaveLength(0);
    expect(screen.getByLabelText('Aktuelles Passwort')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Your current password is not correct')).toBeNull();
  });
});
