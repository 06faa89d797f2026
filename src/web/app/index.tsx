import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { stopRememberingPresses } from './press-replay';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/**
 * Marks the page as the app's once React has drawn or taken it over (`<html data-app-ready>`), which
 * end-to-end tests wait for. Before that a page the server drew shows, but its buttons do nothing: the
 * presses made meanwhile are pressed again once the page has hydrated (./press-replay.ts).
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
    stopRememberingPresses();
  }, []);
  return null;
}

/**
 * Everything but the router, which holds the address: the browser's history, or the server's fixed
 * address for one page. The server draws this very tree, so React takes its drawing over node for node
 * (the ids React gives elements follow the tree's shape).
 */
export function AppShell({
  queryClient,
  serverToken,
  router,
}: {
  queryClient: QueryClient;
  serverToken?: string | null;
  router: ReactNode;
}) {
  return (
    <AppProvider queryClient={queryClient} serverToken={serverToken}>
      {router}
      <AppReady />
    </AppProvider>
  );
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return <AppShell queryClient={queryClient} router={<AppRouter />} />;
}
