import { type FormEvent, useState } from 'react';
import { ChangeEmailBodySchema, EMAIL_CHANGE_TTL_HOURS } from '#shared/schemas/account';
import type { User } from '#shared/schemas/auth';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '#web/lib/api-client';
import { formString, toFieldErrors } from '#web/lib/form';
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
        setErrors(getFieldErrors(failure));
        toast({
          variant: 'destructive',
          title: 'Could not change email',
          description: getErrorMessage(failure, 'Please try again.'),
        });
      },
    });
  };

  return (
    <AccountSection
      id="email"
      title="Email address"
      description={
        <>
          You sign in with <strong className="font-medium break-all text-foreground">{user.email}</strong>. We send a link to the
          new address; your email changes only when you open it (within {EMAIL_CHANGE_TTL_HOURS} hours).
        </>
      }
    >
      {sentTo ? (
        <p role="status" className="mb-4 rounded-lg bg-info-muted px-4 py-3 text-sm text-info-muted-foreground">
          Check <strong className="break-all">{sentTo}</strong> for a confirmation link. Until you open it, your email stays{' '}
          <span className="break-all">{user.email}</span>.
        </p>
      ) : null}
      <form noValidate onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2">
        <FormField label="New email" error={errors.newEmail}>
          {(control) => <Input {...control} name="newEmail" type="email" autoComplete="email" required />}
        </FormField>
        <FormField label="Current password" error={errors.currentPassword}>
          {(control) => <Input {...control} name="currentPassword" type="password" autoComplete="current-password" required />}
        </FormField>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner /> : null}
            {mutation.isPending ? 'Sending...' : 'Send confirmation link'}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
