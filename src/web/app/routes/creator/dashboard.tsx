import { CreatorDashboard } from '#web/features/creator-dashboard/components/creator-dashboard';
import { CreatorOnly } from './creator-route';

export function CreatorDashboardRoute() {
  return (
    <CreatorOnly>
      <CreatorDashboard />
    </CreatorOnly>
  );
}
