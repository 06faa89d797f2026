import { type FormEvent, useState } from 'react';
import { DeleteAccountBodySchema } from '#shared/schemas/account';
import type { User } from '#shared/schemas/auth';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { useAuth } from '#web/lib/auth';
import { apiErrorText, apiFieldErrors, formString, toFieldErrors } from '#web/lib/form';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { useDeleteAccount } from '../api/delete-account';
import { AccountSection } from './account-section';

const bold = { b: (words: string) => <strong className="text-foreground">{words}</strong> };

/** Exactly what modules/account/account.service.ts deleteAccount does; keep the two together. */
function WhatHappens({ role }: { role: User['role'] }) {
  return (
    <ul className="mb-5 grid list-disc gap-1.5 ps-5 text-sm text-muted-foreground">
      <li>
        <RichText text={t('account.deleteCertificates')} tags={bold} />
      </li>
      <li>
        <RichText text={t('account.deleteEnrollments')} tags={bold} />
      </li>
      <li>
        <RichText text={t('account.deletePayments')} tags={bold} />
      </li>
      <li>{t('account.deleteSessions')}</li>
      {role === 'creator' ? (
        <li>
          <RichText text={t('account.deleteCreator')} tags={bold} />
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
          setError(apiFieldErrors(failure).currentPassword);
          toast({
            variant: 'destructive',
            title: t('account.accountNotDeleted'),
            description: apiErrorText(failure, t('account.tryAgain')),
          });
        },
        onSettled: () => setPassword(null),
      },
    );
  };

  return (
    <AccountSection id="delete" title={t('account.deleteTitle')} tone="danger" description={t('account.deleteDescription')}>
      <WhatHappens role={user.role} />
      <form noValidate onSubmit={handleSubmit} className="grid gap-4 sm:max-w-sm">
        <FormField label={t('account.currentPassword')} error={error}>
          {(control) => <Input {...control} name="currentPassword" type="password" autoComplete="current-password" required />}
        </FormField>
        <div>
          <Button type="submit" variant="destructive" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner /> : null}
            {mutation.isPending ? t('account.deleting') : t('account.deleteMyAccount')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={password !== null && !mutation.isPending}
        onOpenChange={(isOpen) => isOpen || setPassword(null)}
        title={t('account.deleteConfirmTitle')}
        description={t('account.deleteConfirmDescription')}
        cancelLabel={t('account.keepAccount')}
        confirmLabel={t('account.deleteTitle')}
        onConfirm={confirm}
      />
    </AccountSection>
  );
}
