import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';

export function CreatorPage({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-10">{children}</div>;
}

export function BackToDashboard() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ms-2 w-fit">
      <Link to={paths.creator.dashboard.getHref()}>
        <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
        {t('creator.backToDashboard')}
      </Link>
    </Button>
  );
}

/** A page's heading: an optional small label above the title, the title, and the page's actions. */
export function PageHeader({
  eyebrow,
  title,
  description,
  actions,
  back = false,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  back?: boolean;
}) {
  return (
    <header className="mb-8 grid gap-4">
      {back ? <BackToDashboard /> : null}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          {eyebrow ? <p className="text-sm font-medium text-primary">{eyebrow}</p> : null}
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{title}</h1>
          {description ? <div className="mt-1 text-muted-foreground">{description}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
