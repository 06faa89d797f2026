import { type FormEvent, useState } from 'react';
import { type AuthResponse, PASSWORD_MIN_LENGTH, SignupBodySchema } from '#shared/schemas/auth';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { useSignup } from '#web/features/auth/api/signup';
import { toast } from '#web/hooks/use-toast';
import { apiErrorText, apiFieldErrors, formString, toFieldErrors } from '#web/lib/form';
import { t } from '#web/lib/i18n/t';

interface SignupFormProps {
  /** 'creator' adds the invitation code and asks for the creator role. */
  variant?: 'student' | 'creator';
  /** Prefills the invitation code (from `?invite=`). */
  defaultInviteCode?: string;
  onSuccess: (session: AuthResponse) => void;
}

export function SignupForm({ variant = 'student', defaultInviteCode = '', onSuccess }: SignupFormProps) {
  const isCreator = variant === 'creator';
  const [errors, setErrors] = useState<Record<string, string>>({});
  const signupMutation = useSignup();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const inviteCode = formString(data, 'inviteCode').trim();
    const parsed = SignupBodySchema.safeParse({
      name: formString(data, 'name'),
      email: formString(data, 'email'),
      password: formString(data, 'password'),
      role: isCreator ? 'creator' : 'student',
      ...(isCreator ? { inviteCode } : {}),
    });
    const nextErrors = parsed.success ? {} : toFieldErrors(parsed.error);
    if (isCreator && !inviteCode) nextErrors.inviteCode = t('auth.inviteCodeRequired');
    if (!parsed.success || Object.keys(nextErrors).length > 0) {
      setErrors(nextErrors);
      return;
    }
    setErrors({});
    signupMutation.mutate(parsed.data, {
      onSuccess,
      onError: (error) => {
        setErrors(apiFieldErrors(error));
        toast({
          variant: 'destructive',
          title: t('auth.signupFailed'),
          description: apiErrorText(error, isCreator ? t('auth.unableToCreateCreatorAccount') : t('auth.unableToCreateAccount')),
        });
      },
    });
  };

  const isPending = signupMutation.isPending;
  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-5">
      <FormField label={t('auth.name')} error={errors.name}>
        {(control) => <Input {...control} name="name" autoComplete="name" required placeholder={t('auth.namePlaceholder')} />}
      </FormField>
      <FormField label={t('auth.email')} error={errors.email}>
        {(control) => (
          <Input {...control} name="email" type="email" autoComplete="email" required placeholder={t('auth.emailPlaceholder')} />
        )}
      </FormField>
      <FormField label={t('auth.password')} error={errors.password} hint={t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}>
        {(control) => (
          <Input
            {...control}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
          />
        )}
      </FormField>
      {isCreator ? (
        <FormField label={t('auth.inviteCode')} error={errors.inviteCode} hint={t('auth.inviteCodeHint')}>
          {(control) => (
            <Input
              {...control}
              name="inviteCode"
              autoComplete="off"
              spellCheck={false}
              required
              defaultValue={defaultInviteCode}
            />
          )}
        </FormField>
      ) : null}
      <Button type="submit" variant="gradient" size="lg" disabled={isPending}>
        {isPending ? <Spinner /> : null}
        {isPending ? t('auth.creatingAccount') : t('auth.signUp')}
      </Button>
    </form>
  );
}
