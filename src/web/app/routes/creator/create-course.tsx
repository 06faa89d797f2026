import { CreateCourseForm } from '#web/features/course-editor/components/create-course-form';
import { CreatorOnly } from './creator-route';

export default function CreateCourseRoute() {
  return (
    <CreatorOnly>
      <CreateCourseForm />
    </CreatorOnly>
  );
}
