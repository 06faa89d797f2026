import { FilePen } from 'lucide-react';
import { CreatorComingSoon } from './creator-coming-soon';

export function EditCourseRoute() {
  return <CreatorComingSoon title="Edit Course" icon={FilePen} description="Editing a course's details is coming soon." />;
}
