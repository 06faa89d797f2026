import { type FormEvent, useState } from 'react';
import { ChangePasswordBodySchema } from '#shared/schemas/account';
import { PASSWORD_MIN_LENGTH } from '#shared/schemas/auth';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '#web/lib/api-client';
import { formString, toFieldErrors } from '#web/lib/form';
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
    if (parsed.success && confirm !== parsed.data.newPassword) found.confirmPassword = "Passwords don't match";
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: (answer) => {
        form.reset();
        toast({ variant: 'success', title: 'Password changed', description: answer.message });
      },
      onError: (failure) => {
        setErrors(getFieldErrors(failure));
        toast({
          variant: 'destructive',
          title: 'Could not change password',
          description: getErrorMessage(failure, 'Please try again.'),
        });
      },
    });
  };

  return (
    <AccountSection id="security" title="Password" description="Changing your password signs you out on every other device.">
      <form noValidate onSubmit={handleSubmit} className="grid gap-4">
        <FormField label="Current password" error={errors.currentPassword}>
          {(control) => <Input {...control} name="currentPassword" type="password" autoComplete="current-password" required />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="New password"
            className="content-start"
            error={errors.newPassword}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
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
          <FormField label="Confirm new password" className="content-start" error={errors.confirmPassword}>
            {(control) => <Input {...control} name="confirmPassword" type="password" autoComplete="new-password" required />}
          </FormField>
        </div>
        <div>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner /> : null}
            {mutation.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
