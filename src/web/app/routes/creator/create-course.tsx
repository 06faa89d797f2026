import { CreateCourseForm } from '#web/features/creator/components/course-form';
import { CreatorOnly } from './creator-route';

export function CreateCourseRoute() {
  return (
    <CreatorOnly>
      <CreateCourseForm />
    </CreatorOnly>
  );
}
