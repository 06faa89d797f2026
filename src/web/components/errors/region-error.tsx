import { RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';
import { ErrorBoundary } from './error-boundary';

interface RegionErrorProps {
  title?: string;
  description?: ReactNode;
  onRetry?: () => void;
  className?: string;
}

/** Inline error panel for one part of a page, with an optional retry. */
export function RegionError({
  title = t('shell.somethingWentWrong'),
  description = t('shell.sectionCouldNotDisplay'),
  onRetry,
  className,
}: RegionErrorProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-card/50 px-6 py-12 text-center',
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive-muted text-destructive-muted-foreground">
        <TriangleAlert className="size-6" aria-hidden="true" />
      </span>
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          {t('common.tryAgain')}
        </Button>
      ) : null}
    </div>
  );
}

/** Error boundary around one region of a page; the rest of the page keeps working. */
export function RegionErrorBoundary({
  children,
  title,
  resetKeys,
}: {
  children: ReactNode;
  title?: string;
  resetKeys?: unknown[];
}) {
  return (
    <ErrorBoundary resetKeys={resetKeys} fallback={({ reset }) => <RegionError title={title} onRetry={reset} />}>
      {children}
    </ErrorBoundary>
  );
}
