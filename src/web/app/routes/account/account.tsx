import { RequireAuth } from '#web/components/require-auth';
import { AccountPage } from '#web/features/account/components/account-page';
import { paths } from '#web/lib/paths';

export function AccountRoute() {
  return (
    <RequireAuth redirectTo={paths.login.getHref()}>
      <AccountPage />
    </RequireAuth>
  );
}
