import { useEffect } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { ErrorScreen } from './error-screen';

/** A page that failed to load or render; shown inside the layout so navigation keeps working. */
export function RouteError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  useDocumentTitle(t('shell.somethingWentWrong'));
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <ErrorScreen
      error={error}
      className="mx-auto min-h-[60vh] max-w-lg py-16"
      description={t('shell.pageCouldNotDisplay')}
      homeLink={<Link to={paths.home.getHref()}>{t('common.backToHome')}</Link>}
      onRetry={onRetry}
    />
  );
}
