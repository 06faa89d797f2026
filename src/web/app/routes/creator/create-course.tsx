import { FilePlus2 } from 'lucide-react';
import { CreatorComingSoon } from './creator-coming-soon';

export function CreateCourseRoute() {
  return (
    <CreatorComingSoon
      title="Create Course"
      icon={FilePlus2}
      description="The form to create a course — title, description, price, difficulty, length and thumbnail — is coming soon."
    />
  );
}
