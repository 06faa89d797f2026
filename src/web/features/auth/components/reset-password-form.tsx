import { type FormEvent, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '#shared/schemas/auth';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { useResetPassword } from '#web/features/auth/api/reset-password';
import { toast } from '#web/hooks/use-toast';
import { apiErrorText, formString } from '#web/lib/form';
import { t } from '#web/lib/i18n/t';

export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const mutation = useResetPassword();
  const [invalidField, setInvalidField] = useState<'password' | 'confirm' | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const newPassword = formString(data, 'newPassword');
    const confirmPassword = formString(data, 'confirmPassword');

    // Both rules are reported as notices (docs/product.md, Accounts and access).
    if (newPassword !== confirmPassword) {
      setInvalidField('confirm');
      toast({
        variant: 'destructive',
        title: t('auth.passwordsDontMatch'),
        description: t('auth.makeSurePasswordsSame'),
      });
      return;
    }
    if (newPassword.length < PASSWORD_MIN_LENGTH) {
      setInvalidField('password');
      toast({
        variant: 'destructive',
        title: t('auth.passwordTooShort'),
        description: t('auth.passwordMinLength', { min: PASSWORD_MIN_LENGTH }),
      });
      return;
    }
    setInvalidField(null);
    mutation.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          toast({
            variant: 'success',
            title: t('auth.resetSuccessful'),
            description: t('auth.canLogInNow'),
          });
          onSuccess();
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: t('auth.resetFailed'),
            description: apiErrorText(error, t('auth.invalidResetToken')),
          });
        },
      },
    );
  };

  const isPending = mutation.isPending;
  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-5">
      <FormField label={t('auth.newPassword')} hint={t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}>
        {(control) => (
          <Input
            {...control}
            aria-invalid={invalidField === 'password' || undefined}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
          />
        )}
      </FormField>
      <FormField label={t('auth.confirmPassword')}>
        {(control) => (
          <Input
            {...control}
            aria-invalid={invalidField === 'confirm' || undefined}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
          />
        )}
      </FormField>
      <Button type="submit" variant="gradient" size="lg" disabled={isPending}>
        {isPending ? <Spinner /> : null}
        {isPending ? t('auth.resetting') : t('auth.resetPasswordButton')}
      </Button>
    </form>
  );
}
