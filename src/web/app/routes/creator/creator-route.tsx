import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { RequireAuth } from '#web/components/require-auth';
import { paths } from '#web/lib/paths';

/** Creator pages: guests go to the creator portal, students see Access Denied (the server decides for real). */
export function CreatorOnly({ children }: { children: ReactNode }) {
  return (
    <RequireAuth redirectTo={paths.creatorPortal.getHref()} requiredRole="creator">
      {children}
    </RequireAuth>
  );
}

export function useIdParam(): string {
  return useParams().id ?? '';
}
