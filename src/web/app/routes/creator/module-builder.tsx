import { Presentation } from 'lucide-react';
import { CreatorComingSoon } from './creator-coming-soon';

export function ModuleBuilderRoute() {
  return (
    <CreatorComingSoon
      title="Module Builder"
      icon={Presentation}
      description="Building a module's text, image and video slides is coming soon."
    />
  );
}
