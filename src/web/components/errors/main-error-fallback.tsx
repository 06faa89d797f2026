import { TriangleAlert } from 'lucide-react';
import { Button } from '../ui/button';

/** Last-resort screen when the app itself fails; uses plain links since the router may be down. */
export function MainErrorFallback({ error }: { error?: unknown }) {
  const isChunkError = isChunkLoadError(error);
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-destructive-muted text-destructive-muted-foreground">
        <TriangleAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">
        {isChunkError ? 'A new version is available' : 'Something went wrong'}
      </h1>
      <p className="mt-2 max-w-md text-muted-foreground">
        {isChunkError
          ? 'Gradient Academy was updated while this page was open. Reload to continue.'
          : 'An unexpected error occurred. Please reload the page; if it keeps happening, try again later.'}
      </p>
      {import.meta.env.DEV && error instanceof Error ? (
        <pre className="mt-6 max-w-2xl overflow-auto rounded-lg bg-muted p-4 text-left text-xs">{error.stack}</pre>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Button asChild variant="outline">
          <a href="/">Back to Home</a>
        </Button>
      </div>
    </div>
  );
}

/** A lazily loaded page whose file is gone (e.g. after a deploy). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}
