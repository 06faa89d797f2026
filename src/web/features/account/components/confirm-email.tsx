import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { getErrorMessage } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { useConfirmEmailChange } from '../api/confirm-email-change';

/** Opened from the mailed link; works signed in or not (the token is the proof), once. */
export function ConfirmEmail({ token }: { token: string | null }) {
  useDocumentTitle('Confirm email');
  const mutation = useConfirmEmailChange();
  const sent = useRef(false);

  useEffect(() => {
    // Once per page: a second call would find the link used.
    if (!token || sent.current) return;
    sent.current = true;
    mutation.mutate({ token });
  }, [token, mutation]);

  const isDone = mutation.isSuccess;
  const failure = !token
    ? 'This email confirmation link is incomplete.'
    : mutation.isError
      ? getErrorMessage(mutation.error, 'Please try again.')
      : null;

  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      {isDone ? (
        <>
          <CircleCheck className="size-12 text-success" aria-hidden="true" />
          <h1 className="text-2xl font-bold tracking-tight">Email changed</h1>
          <p role="status" className="text-muted-foreground">
            You now sign in with <strong className="break-all text-foreground">{mutation.data.email}</strong>.
          </p>
          <Button asChild>
            <Link to={paths.account.getHref()}>Go to your account</Link>
          </Button>
        </>
      ) : failure ? (
        <>
          <TriangleAlert className="size-12 text-destructive" aria-hidden="true" />
          <h1 className="text-2xl font-bold tracking-tight">Email not changed</h1>
          <p role="alert" className="text-muted-foreground">
            {failure}
          </p>
          <Button asChild variant="outline">
            <Link to={paths.account.getHref()}>Request a new link</Link>
          </Button>
        </>
      ) : (
        <>
          <Spinner className="size-8" />
          <h1 className="text-2xl font-bold tracking-tight">Confirming your email…</h1>
        </>
      )}
    </div>
  );
}
