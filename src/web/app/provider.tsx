import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '#web/components/errors/error-boundary';
import { MainErrorFallback } from '#web/components/errors/main-error-fallback';
import { DeferredToaster } from '#web/components/ui/deferred-toaster';
import { AuthProvider } from '#web/lib/auth';
import { queryClient } from '#web/lib/query-client';
import { ThemeProvider } from '#web/lib/theme';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={({ error }) => <MainErrorFallback error={error} />}>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            {children}
            <DeferredToaster />
          </AuthProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </ErrorBoundary>
  );
}
