import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import type { UserRole } from '#shared/schemas/auth';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { useAuth } from '#web/lib/auth';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { withReturnPath } from '#web/lib/return-path';
import { PageSpinner } from './page-spinner';
import { Button } from './ui/button';

interface RequireAuthProps {
  /** Where a signed-out visitor is sent. */
  redirectTo: string;
  requiredRole?: UserRole;
  children: ReactNode;
}

/** Client-side gate for signed-in pages; the server enforces the real permissions. */
export function RequireAuth({ redirectTo, requiredRole, children }: RequireAuthProps) {
  const { user, status } = useAuth();
  const location = useLocation();

  if (status === 'loading') return <PageSpinner />;
  // Signing in there comes back here (issue 22).
  if (!user) return <Navigate to={withReturnPath(redirectTo, location.pathname + location.search)} replace />;
  if (requiredRole && user.role !== requiredRole) return <WrongRole role={requiredRole} />;
  return children;
}

function WrongRole({ role }: { role: UserRole }) {
  useDocumentTitle(t('shell.accessDenied'));
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center px-4 py-16 text-center">
      <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-destructive-muted text-destructive-muted-foreground">
        <ShieldAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{t('shell.accessDenied')}</h1>
      <p className="mt-2 text-muted-foreground">
        {role === 'creator'
          ? t('shell.forCreatorsOnly')
          : role === 'admin'
            ? t('shell.forAdminsOnly')
            : t('shell.forStudentsOnly')}
      </p>
      <Button asChild className="mt-6">
        <Link to={paths.home.getHref()}>{t('common.backToHome')}</Link>
      </Button>
    </div>
  );
}
