import { Layers } from 'lucide-react';
import { CreatorComingSoon } from './creator-coming-soon';

export function CourseBuilderRoute() {
  return (
    <CreatorComingSoon
      title="Course Builder"
      icon={Layers}
      description="Adding modules and quizzes, ordering them and publishing the course is coming soon."
    />
  );
}
