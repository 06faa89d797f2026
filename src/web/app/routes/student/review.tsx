import { RequireAuth } from '#web/components/require-auth';
import { ReviewDeckPage } from '#web/features/review-deck/components/review-deck';
import { paths } from '#web/lib/paths';

export default function ReviewRoute() {
  return (
    <RequireAuth redirectTo={paths.login.getHref()}>
      <ReviewDeckPage />
    </RequireAuth>
  );
}
