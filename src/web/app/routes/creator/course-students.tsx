import { CourseStudentsView } from '#web/features/creator/components/course-insights';
import { CreatorOnly, useIdParam } from './creator-route';

export function CourseStudentsRoute() {
  const id = useIdParam();
  return (
    <CreatorOnly>
      <CourseStudentsView courseId={id} />
    </CreatorOnly>
  );
}
