import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';

export function AccountDeleted() {
  useDocumentTitle(t('account.deletedTitle'));
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <CircleCheck className="size-12 text-success" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight">{t('account.deletedHeading')}</h1>
      <p role="status" className="text-muted-foreground">
        {t('account.deletedFarewell')}
      </p>
      <Button asChild>
        <Link to={paths.home.getHref()}>{t('account.backToHome')}</Link>
      </Button>
    </div>
  );
}
