import { CourseStudentsView } from '#web/features/creator-dashboard/components/course-students';
import { CreatorOnly, useIdParam } from './creator-route';

export default function CourseStudentsRoute() {
  const id = useIdParam();
  return (
    <CreatorOnly>
      <CourseStudentsView courseId={id} />
    </CreatorOnly>
  );
}
