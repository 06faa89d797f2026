import { CreatorDashboard } from '#web/features/creator/components/dashboard';
import { CreatorOnly } from './creator-route';

export function CreatorDashboardRoute() {
  return (
    <CreatorOnly>
      <CreatorDashboard />
    </CreatorOnly>
  );
}
