import { RequireAuth } from '#web/components/require-auth';
import { AdminPage } from '#web/features/admin/components/admin-page';
import { paths } from '#web/lib/paths';

/** /admin: admins only (the server refuses everyone else's calls; this sends guests to sign in). */
export default function AdminRoute() {
  return (
    <RequireAuth redirectTo={paths.login.getHref()} requiredRole="admin">
      <AdminPage />
    </RequireAuth>
  );
}
