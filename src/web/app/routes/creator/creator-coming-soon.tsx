import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ComingSoon } from '#web/components/coming-soon';
import { RequireAuth } from '#web/components/require-auth';
import { Button } from '#web/components/ui/button';
import { paths } from '#web/lib/paths';

/** Placeholder for creator pages not built yet; guests are sent to the creator portal. */
export function CreatorComingSoon({
  title,
  description,
  icon,
  showDashboardLink = true,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  showDashboardLink?: boolean;
}) {
  return (
    <RequireAuth redirectTo={paths.creatorPortal.getHref()} requiredRole="creator">
      <ComingSoon title={title} description={description} icon={icon}>
        {showDashboardLink ? (
          <Button asChild variant="outline">
            <Link to={paths.creator.dashboard.getHref()}>Back to Dashboard</Link>
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link to={paths.home.getHref()}>Browse the marketplace</Link>
          </Button>
        )}
      </ComingSoon>
    </RequireAuth>
  );
}
