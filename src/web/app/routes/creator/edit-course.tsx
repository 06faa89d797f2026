import { EditCourseForm } from '#web/features/course-editor/components/edit-course-form';
import { CreatorOnly, useIdParam } from './creator-route';

export default function EditCourseRoute() {
  const id = useIdParam();
  return (
    <CreatorOnly>
      {/* A new id is a new form: nothing typed for one course carries over to another. */}
      <EditCourseForm key={id} courseId={id} />
    </CreatorOnly>
  );
}
