import { type FormEvent, useState } from 'react';
import { ChangeEmailBodySchema, EMAIL_CHANGE_TTL_HOURS } from '#shared/schemas/account';
import type { User } from '#shared/schemas/auth';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { apiErrorText, apiFieldErrors, formString, toFieldErrors } from '#web/lib/form';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { useRequestEmailChange } from '../api/request-email-change';
import { AccountSection } from './account-section';

export function EmailForm({ user }: { user: User }) {
  const mutation = useRequestEmailChange();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = ChangeEmailBodySchema.safeParse({
      newEmail: formString(data, 'newEmail'),
      currentPassword: formString(data, 'currentPassword'),
    });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        setSentTo(parsed.data.newEmail);
        form.reset();
      },
      onError: (failure) => {
        setErrors(apiFieldErrors(failure));
        toast({
          variant: 'destructive',
          title: t('account.emailNotChangedToast'),
          description: apiErrorText(failure, t('account.tryAgain')),
        });
      },
    });
  };

  return (
    <AccountSection
      id="email"
      title={t('account.emailTitle')}
      description={
        <RichText
          text={t('account.emailDescription', { hours: EMAIL_CHANGE_TTL_HOURS })}
          tags={{ email: () => <strong className="font-medium break-all text-foreground">{user.email}</strong> }}
        />
      }
    >
      {sentTo ? (
        <p role="status" className="mb-4 rounded-lg bg-info-muted px-4 py-3 text-sm text-info-muted-foreground">
          <RichText
            text={t('account.emailSentTo')}
            tags={{
              new: () => <strong className="break-all">{sentTo}</strong>,
              current: () => <span className="break-all">{user.email}</span>,
            }}
          />
        </p>
      ) : null}
      <form noValidate onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('account.newEmail')} error={errors.newEmail}>
          {(control) => <Input {...control} name="newEmail" type="email" autoComplete="email" required />}
        </FormField>
        <FormField label={t('account.currentPassword')} error={errors.currentPassword}>
          {(control) => <Input {...control} name="currentPassword" type="password" autoComplete="current-password" required />}
        </FormField>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner /> : null}
            {mutation.isPending ? t('account.sending') : t('account.sendConfirmation')}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
