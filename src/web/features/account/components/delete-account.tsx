import { type FormEvent, useState } from 'react';
import { DeleteAccountBodySchema } from '#shared/schemas/account';
import type { User } from '#shared/schemas/auth';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth';
import { formString, toFieldErrors } from '#web/lib/form';
import { useDeleteAccount } from '../api/delete-account';
import { AccountSection } from './account-section';

/** Exactly what modules/account/account.service.ts deleteAccount does; keep the two together. */
function WhatHappens({ role }: { role: User['role'] }) {
  return (
    <ul className="mb-5 grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
      <li>
        <strong className="text-foreground">Certificates</strong> are deleted. Their verification pages will say the certificate
        is not found, so PDFs you downloaded can no longer be verified.
      </li>
      <li>
        <strong className="text-foreground">Enrollments</strong>, progress, quiz results, saved courses and reviews are deleted,
        and you lose access to your courses.
      </li>
      <li>
        <strong className="text-foreground">Payments</strong> are not refunded by deleting. Their records (course, amount, date)
        are kept for our accounts, no longer linked to your name or email. Ask for a refund first if a purchase qualifies (within
        30 days and below 30% progress).
      </li>
      <li>You are signed out everywhere, and your email address can be used for a new account.</li>
      {role === 'creator' ? (
        <li>
          <strong className="text-foreground">As a creator:</strong> if any of your courses has students, the account cannot be
          deleted here, because students keep access to what they enrolled in; write to support@gradient.academy. A published
          course must be archived first. Your drafts and archived courses without students are deleted with the account.
        </li>
      ) : null}
    </ul>
  );
}

/** `onDeleted` replaces the page before the session is forgotten, so no sign-in redirect comes first. */
export function DeleteAccount({ user, onDeleted }: { user: User; onDeleted: () => void }) {
  const mutation = useDeleteAccount();
  const { logout } = useAuth();
  const [error, setError] = useState<string | undefined>();
  const [password, setPassword] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = DeleteAccountBodySchema.safeParse({
      currentPassword: formString(new FormData(event.currentTarget), 'currentPassword'),
    });
    if (!parsed.success) {
      setError(toFieldErrors(parsed.error).currentPassword);
      return;
    }
    setError(undefined);
    setPassword(parsed.data.currentPassword);
  };

  const confirm = () => {
    if (password === null) return;
    mutation.mutate(
      { currentPassword: password },
      {
        onSuccess: async () => {
          onDeleted();
          await logout();
        },
        onError: (failure) => {
          setError(getFieldErrors(failure).currentPassword);
          toast({
            variant: 'destructive',
            title: 'Account not deleted',
            description: getErrorMessage(failure, 'Please try again.'),
          });
        },
        onSettled: () => setPassword(null),
      },
    );
  };

  return (
    <AccountSection
      id="delete"
      title="Delete account"
      tone="danger"
      description="Deleting your account cannot be undone. This is what happens:"
    >
      <WhatHappens role={user.role} />
      <form noValidate onSubmit={handleSubmit} className="grid gap-4 sm:max-w-sm">
        <FormField label="Current password" error={error}>
          {(control) => <Input {...control} name="currentPassword" type="password" autoComplete="current-password" required />}
        </FormField>
        <div>
          <Button type="submit" variant="destructive" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner /> : null}
            {mutation.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={password !== null && !mutation.isPending}
        onOpenChange={(isOpen) => isOpen || setPassword(null)}
        title="Delete your account for good?"
        description="Your certificates, enrollments and progress are deleted and cannot be restored."
        cancelLabel="Keep my account"
        confirmLabel="Delete account"
        onConfirm={confirm}
      />
    </AccountSection>
  );
}
