import { type FormEvent, type ReactNode, useState } from 'react';
import { type AuthResponse, LoginBodySchema } from '#shared/schemas/auth';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { useLogin } from '#web/features/auth/api/login';
import { toast } from '#web/hooks/use-toast';
import { apiErrorText, apiFieldErrors, formString, toFieldErrors } from '#web/lib/form';
import { t } from '#web/lib/i18n/t';

interface LoginFormProps {
  /** Decides what a successful login means here (store the session, check the role, navigate). */
  onSuccess: (session: AuthResponse) => void;
  /** E.g. the "Forgot password?" link, shown beside the Password label. */
  passwordAside?: ReactNode;
}

export function LoginForm({ onSuccess, passwordAside }: LoginFormProps) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const loginMutation = useLogin();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = LoginBodySchema.safeParse({ email: formString(data, 'email'), password: formString(data, 'password') });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    loginMutation.mutate(parsed.data, {
      onSuccess,
      onError: (error) => {
        setErrors(apiFieldErrors(error));
        toast({
          variant: 'destructive',
          title: t('auth.loginFailed'),
          description: apiErrorText(error, t('auth.invalidCredentials')),
        });
      },
    });
  };

  const isPending = loginMutation.isPending;
  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-5">
      <FormField label={t('auth.email')} error={errors.email}>
        {(control) => (
          <Input {...control} name="email" type="email" autoComplete="email" required placeholder={t('auth.emailPlaceholder')} />
        )}
      </FormField>
      <FormField label={t('auth.password')} error={errors.password} labelAside={passwordAside}>
        {(control) => <Input {...control} name="password" type="password" autoComplete="current-password" required />}
      </FormField>
      <Button type="submit" variant="gradient" size="lg" disabled={isPending}>
        {isPending ? <Spinner /> : null}
        {isPending ? t('auth.loggingIn') : t('auth.login')}
      </Button>
    </form>
  );
}
