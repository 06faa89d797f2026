import { RequireAuth } from '#web/components/require-auth';
import { PurchasesPage } from '#web/features/purchases/components/purchases-page';
import { paths } from '#web/lib/paths';

export default function PurchasesRoute() {
  return (
    <RequireAuth redirectTo={paths.login.getHref()}>
      <PurchasesPage />
    </RequireAuth>
  );
}
