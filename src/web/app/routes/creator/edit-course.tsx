import { EditCourseForm } from '#web/features/creator/components/course-form';
import { CreatorOnly, useIdParam } from './creator-route';

export function EditCourseRoute() {
  const id = useIdParam();
  return (
    <CreatorOnly>
      <EditCourseForm key={id} courseId={id} />
    </CreatorOnly>
  );
}
