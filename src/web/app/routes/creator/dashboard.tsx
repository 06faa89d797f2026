import { LayoutDashboard } from 'lucide-react';
import { CreatorComingSoon } from './creator-coming-soon';

export function CreatorDashboardRoute() {
  return (
    <CreatorComingSoon
      title="Creator Dashboard"
      icon={LayoutDashboard}
      showDashboardLink={false}
      description="Your courses, their status and your creator metrics will appear here. The dashboard is coming soon."
    />
  );
}
