import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { MainErrorFallback } from '../components/errors/main-error-fallback';
import { Toaster } from '../components/ui/toaster';
import { AuthProvider } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { ThemeProvider } from '../lib/theme';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={({ error }) => <MainErrorFallback error={error} />}>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            {children}
            <Toaster />
          </AuthProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </ErrorBoundary>
  );
}
