import { useState } from 'react';
import { RequireAuth } from '#web/components/require-auth';
import { AccountDeleted } from '#web/features/account/components/account-deleted';
import { AccountPage } from '#web/features/account/components/account-page';
import { paths } from '#web/lib/paths';

export default function AccountRoute() {
  // Once deleted there is no user: the farewell shows instead of the sign-in redirect.
  const [isDeleted, setIsDeleted] = useState(false);
  if (isDeleted) return <AccountDeleted />;
  return (
    <RequireAuth redirectTo={paths.login.getHref()}>
      <AccountPage onDeleted={() => setIsDeleted(true)} />
    </RequireAuth>
  );
}
