import { type FormEvent, useState } from 'react';
import { ChangePasswordBodySchema } from '#shared/schemas/account';
import { PASSWORD_MIN_LENGTH } from '#shared/schemas/auth';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { apiErrorText, apiFieldErrors, formString, toFieldErrors } from '#web/lib/form';
import { t } from '#web/lib/i18n/t';
import { useChangePassword } from '../api/change-password';
import { AccountSection } from './account-section';

export function PasswordForm() {
  const mutation = useChangePassword();
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = ChangePasswordBodySchema.safeParse({
      currentPassword: formString(data, 'currentPassword'),
      newPassword: formString(data, 'newPassword'),
    });
    const confirm = formString(data, 'confirmPassword');
    const found = parsed.success ? {} : toFieldErrors(parsed.error);
    if (parsed.success && confirm !== parsed.data.newPassword) found.confirmPassword = t('account.passwordsDontMatch');
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        form.reset();
        toast({ variant: 'success', title: t('account.passwordChanged'), description: t('account.passwordChangedDescription') });
      },
      onError: (failure) => {
        setErrors(apiFieldErrors(failure));
        toast({
          variant: 'destructive',
          title: t('account.passwordNotChanged'),
          description: apiErrorText(failure, t('account.tryAgain')),
        });
      },
    });
  };

  return (
    <AccountSection id="security" title={t('account.passwordTitle')} description={t('account.passwordDescription')}>
      <form noValidate onSubmit={handleSubmit} className="grid gap-4">
        <FormField label={t('account.currentPassword')} error={errors.currentPassword}>
          {(control) => <Input {...control} name="currentPassword" type="password" autoComplete="current-password" required />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t('account.newPassword')}
            className="content-start"
            error={errors.newPassword}
            hint={t('account.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          >
            {(control) => (
              <Input
                {...control}
                name="newPassword"
                type="password"
                autoComplete="new-password"
                minLength={PASSWORD_MIN_LENGTH}
                required
              />
            )}
          </FormField>
          <FormField label={t('account.confirmNewPassword')} className="content-start" error={errors.confirmPassword}>
            {(control) => <Input {...control} name="confirmPassword" type="password" autoComplete="new-password" required />}
          </FormField>
        </div>
        <div>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner /> : null}
            {mutation.isPending ? t('account.changing') : t('account.changePassword')}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
