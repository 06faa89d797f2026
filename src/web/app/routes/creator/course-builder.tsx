import { CourseBuilder } from '#web/features/course-builder/components/course-builder';
import { CreatorOnly, useIdParam } from './creator-route';

export default function CourseBuilderRoute() {
  const id = useIdParam();
  return (
    <CreatorOnly>
      {/* A new id is a new builder: nothing typed for one course carries over to another. */}
      <CourseBuilder key={id} courseId={id} />
    </CreatorOnly>
  );
}
