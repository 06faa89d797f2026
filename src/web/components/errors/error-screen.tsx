import { TriangleAlert, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button';
import { isConnectionError } from '#web/lib/connection';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';

/** A lazily loaded page whose file is gone (e.g. after a deploy). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

type ErrorScreenProps = {
  error: unknown;
  /** What to say when the error is not a stale deploy. */
  description: string;
  /** A second line, e.g. the HTTP status of a failed route. */
  detail?: string | null;
  /** The way home: a router Link inside the app, a plain link when the router itself failed. */
  homeLink: ReactNode;
  className?: string;
  /** Renders the failed part again (e.g. resets the page's error boundary) instead of reloading. */
  onRetry?: () => void;
};

/** The one "something went wrong" screen, for a failed page and for the whole app. */
export function ErrorScreen({ error, description, detail, homeLink, className, onRetry }: ErrorScreenProps) {
  // A page's code that could not be fetched offline is no new version: it loads when the connection returns.
  const isOffline =
    isConnectionError(error) || (isChunkLoadError(error) && typeof navigator !== 'undefined' && !navigator.onLine);
  const isChunkError = !isOffline && isChunkLoadError(error);
  const Icon = isOffline ? WifiOff : TriangleAlert;
  return (
    <div role="alert" className={cn('flex flex-col items-center justify-center px-4 text-center', className)}>
      <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-destructive-muted text-destructive-muted-foreground">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">
        {isOffline ? t('shell.pageCouldNotLoad') : isChunkError ? t('shell.newVersion') : t('shell.somethingWentWrong')}
      </h1>
      <p className="mt-2 max-w-md text-muted-foreground">
        {isOffline ? t('shell.pageCouldNotLoadDetail') : isChunkError ? t('shell.newVersionDetail') : description}
      </p>
      {detail ? <p className="mt-1 text-sm text-muted-foreground">{detail}</p> : null}
      {import.meta.env.DEV && error instanceof Error ? (
        <pre dir="ltr" className="mt-6 max-w-2xl overflow-auto rounded-lg bg-muted p-4 text-start text-xs">
          {error.stack}
        </pre>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {onRetry && isOffline ? (
          <Button onClick={onRetry}>{t('common.tryAgain')}</Button>
        ) : (
          <Button onClick={() => window.location.reload()}>{t('shell.reloadPage')}</Button>
        )}
        <Button asChild variant="outline">
          {homeLink}
        </Button>
      </div>
    </div>
  );
}
