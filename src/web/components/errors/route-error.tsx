import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { paths } from '../../lib/paths';
import { Button } from '../ui/button';
import { isChunkLoadError } from './main-error-fallback';

/** A page that failed to load or render; shown inside the layout so navigation keeps working. */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  useEffect(() => {
    console.error(error);
  }, [error]);
  const isChunkError = isChunkLoadError(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;

  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center px-4 py-16 text-center">
      <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-destructive-muted text-destructive-muted-foreground">
        <TriangleAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">
        {isChunkError ? 'A new version is available' : 'Something went wrong'}
      </h1>
      <p className="mt-2 text-muted-foreground">
        {isChunkError
          ? 'Gradient Academy was updated while this page was open. Reload to continue.'
          : 'This page could not be displayed. Try reloading it.'}
      </p>
      {detail ? <p className="mt-1 text-sm text-muted-foreground">{detail}</p> : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Button asChild variant="outline">
          <Link to={paths.home.getHref()}>Back to Home</Link>
        </Button>
      </div>
    </div>
  );
}
