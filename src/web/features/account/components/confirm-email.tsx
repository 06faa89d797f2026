import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { getErrorMessage, isApiError } from '#web/lib/api-client';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { useConfirmEmailChange } from '../api/confirm-email-change';

/** Opened from the mailed link; works signed in or not (the token is the proof), once. */
export function ConfirmEmail({ token }: { token: string | null }) {
  useDocumentTitle(t('account.confirmEmailTitle'));
  const mutation = useConfirmEmailChange();
  const sent = useRef(false);

  useEffect(() => {
    // Once per page: a second call would find the link used.
    if (!token || sent.current) return;
    sent.current = true;
    mutation.mutate({ token });
  }, [token, mutation]);

  const isDone = mutation.isSuccess;
  // A refused link (400) has the page's own words; anything else (too many tries) the server's.
  const failure = !token
    ? t('account.linkIncomplete')
    : mutation.isError
      ? isApiError(mutation.error, 400)
        ? t('account.linkInvalid')
        : getErrorMessage(mutation.error, t('account.tryAgain'))
      : null;

  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      {isDone ? (
        <>
          <CircleCheck className="size-12 text-success" aria-hidden="true" />
          <h1 className="text-2xl font-bold tracking-tight">{t('account.emailChanged')}</h1>
          <p role="status" className="text-muted-foreground">
            <RichText
              text={t('account.nowSignInWith')}
              tags={{ email: () => <strong className="break-all text-foreground">{mutation.data.email}</strong> }}
            />
          </p>
          <Button asChild>
            <Link to={paths.account.getHref()}>{t('account.goToAccount')}</Link>
          </Button>
        </>
      ) : failure ? (
        <>
          <TriangleAlert className="size-12 text-destructive" aria-hidden="true" />
          <h1 className="text-2xl font-bold tracking-tight">{t('account.emailNotChanged')}</h1>
          <p role="alert" className="text-muted-foreground">
            {failure}
          </p>
          <Button asChild variant="outline">
            <Link to={paths.account.getHref()}>{t('account.requestNewLink')}</Link>
          </Button>
        </>
      ) : (
        <>
          <Spinner className="size-8" />
          <h1 className="text-2xl font-bold tracking-tight">{t('account.confirmingEmail')}</h1>
        </>
      )}
    </div>
  );
}
