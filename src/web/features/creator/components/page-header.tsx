import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';

/** The creator pages' heading: a way back, the title, and the page's own actions. */
export function PageHeader({
  backTo,
  backLabel = 'Back to Dashboard',
  title,
  description,
  actions,
}: {
  backTo?: string;
  backLabel?: string;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-8 grid gap-4">
      {backTo ? (
        <Button asChild variant="ghost" size="sm" className="w-fit -ml-2">
          <Link to={backTo}>
            <ArrowLeft aria-hidden="true" />
            {backLabel}
          </Link>
        </Button>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{title}</h1>
          {description ? <div className="mt-1 text-muted-foreground">{description}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}

export function CreatorPage({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-10">{children}</div>;
}
