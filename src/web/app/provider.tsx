import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '#web/components/errors/error-boundary';
import { MainErrorFallback } from '#web/components/errors/main-error-fallback';
import { DeferredToaster } from '#web/components/ui/deferred-toaster';
import { AuthProvider } from '#web/lib/auth';
import { ThemeProvider } from '#web/lib/theme';

interface AppProviderProps {
  queryClient: QueryClient;
  /**
   * Only where the server renders a page: whether it renders it for a signed-in viewer (whose token
   * the server holds, not the page). The browser reads its own token from storage.
   */
  serverToken?: string | null;
  children: ReactNode;
}

export function AppProvider({ queryClient, serverToken, children }: AppProviderProps) {
  return (
    <ErrorBoundary fallback={({ error }) => <MainErrorFallback error={error} />}>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <AuthProvider serverToken={serverToken}>
            {children}
            <DeferredToaster />
          </AuthProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </ErrorBoundary>
  );
}
