import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ConnectionBanner, useConnection } from '#web/components/connection-banner';
import { ErrorBoundary } from '#web/components/errors/error-boundary';
import { RouteError } from '#web/components/errors/route-error';
import { MainLayout } from '#web/components/layouts/main-layout';
import { NavigationProgress } from '#web/components/navigation-progress';
import { PageSpinner } from '#web/components/page-spinner';
import { ScrollRestoration } from '#web/components/scroll-restoration';

/**
 * The page of the current address. A failing page shows its error inside the layout (cleared by the
 * next navigation, or by the connection's return when it failed offline); while a page's code loads the
 * first time, a spinner. Later navigations run in a transition, so the previous page stays until the
 * next one is ready, with the bar on top.
 */
function PageOutlet() {
  const { pathname } = useLocation();
  const { recoveries } = useConnection();
  return (
    <ErrorBoundary
      resetKeys={[pathname, recoveries]}
      fallback={({ error, reset }) => <RouteError error={error} onRetry={reset} />}
    >
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Everything every page shares: scroll restoration, the page-loading bar and the connection notice. */
export function RootShell() {
  return (
    <>
      <NavigationProgress />
      <ScrollRestoration />
      <PageOutlet />
      <ConnectionBanner />
    </>
  );
}

/** Pages with the top navigation bar. */
export function MainLayoutRoute() {
  return (
    <MainLayout>
      <PageOutlet />
    </MainLayout>
  );
}
