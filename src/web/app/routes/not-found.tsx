import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';

export default function NotFoundRoute() {
  useDocumentTitle(t('shell.pageNotFound'));
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center px-4 py-20 text-center">
      <span className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
        <Compass className="size-8" aria-hidden="true" />
      </span>
      <p className="text-sm font-semibold tracking-widest text-primary uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t('shell.pageNotFound')}</h1>
      <p className="mt-3 text-muted-foreground">{t('shell.pageNotFoundDetail')}</p>
      <Button asChild variant="gradient" size="lg" className="mt-8">
        <Link to={paths.home.getHref()}>{t('common.backToHome')}</Link>
      </Button>
    </div>
  );
}
