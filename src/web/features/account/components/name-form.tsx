import { type FormEvent, useState } from 'react';
import { UpdateNameBodySchema } from '#shared/schemas/account';
import type { User } from '#shared/schemas/auth';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { apiErrorText, apiFieldErrors, formString, toFieldErrors } from '#web/lib/form';
import { t } from '#web/lib/i18n/t';
import { useUpdateName } from '../api/update-name';
import { AccountSection } from './account-section';

export function NameForm({ user }: { user: User }) {
  const mutation = useUpdateName();
  const [error, setError] = useState<string | undefined>();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = UpdateNameBodySchema.safeParse({ name: formString(new FormData(event.currentTarget), 'name') });
    if (!parsed.success) {
      setError(toFieldErrors(parsed.error).name);
      return;
    }
    setError(undefined);
    mutation.mutate(parsed.data, {
      onSuccess: () =>
        toast({ variant: 'success', title: t('account.nameSaved'), description: t('account.nameSavedDescription') }),
      onError: (failure) => {
        setError(apiFieldErrors(failure).name);
        toast({
          variant: 'destructive',
          title: t('account.nameNotSaved'),
          description: apiErrorText(failure, t('account.tryAgain')),
        });
      },
    });
  };

  return (
    <AccountSection id="profile" title={t('account.nameTitle')} description={t('account.nameDescription')}>
      <form noValidate onSubmit={handleSubmit} className="grid gap-4">
        <FormField label={t('account.fullName')} error={error} hint={t('account.nameHint')}>
          {(control) => <Input {...control} name="name" defaultValue={user.name} autoComplete="name" maxLength={100} required />}
        </FormField>
        <div>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner /> : null}
            {mutation.isPending ? t('account.saving') : t('account.saveName')}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
