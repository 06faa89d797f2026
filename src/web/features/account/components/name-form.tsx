import { type FormEvent, useState } from 'react';
import { UpdateNameBodySchema } from '#shared/schemas/account';
import type { User } from '#shared/schemas/auth';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '#web/lib/api-client';
import { formString, toFieldErrors } from '#web/lib/form';
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
      onSuccess: () => toast({ variant: 'success', title: 'Name saved', description: 'New certificates will carry this name.' }),
      onError: (failure) => {
        setError(getFieldErrors(failure).name);
        toast({
          variant: 'destructive',
          title: 'Could not save your name',
          description: getErrorMessage(failure, 'Please try again.'),
        });
      },
    });
  };

  return (
    <AccountSection
      id="profile"
      title="Name on certificates"
      description="This is the name printed on your certificates and shown to instructors."
    >
      <form noValidate onSubmit={handleSubmit} className="grid gap-4">
        <FormField
          label="Full name"
          error={error}
          hint="Certificates issued after you save use the new name. Certificates already issued, and PDFs you already downloaded, keep the name they were issued with."
        >
          {(control) => <Input {...control} name="name" defaultValue={user.name} autoComplete="name" maxLength={100} required />}
        </FormField>
        <div>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner /> : null}
            {mutation.isPending ? 'Saving...' : 'Save name'}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
