import { ErrorScreen } from './error-screen';

/** Last-resort screen when the app itself fails; uses a plain link since the router may be down. */
export function MainErrorFallback({ error }: { error?: unknown }) {
  return (
    <ErrorScreen
      error={error}
      className="min-h-dvh"
      description="An unexpected error occurred. Please reload the page; if it keeps happening, try again later."
      homeLink={<a href="/">Back to Home</a>}
    />
  );
}
