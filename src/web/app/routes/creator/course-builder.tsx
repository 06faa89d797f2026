import { CourseBuilder } from '#web/features/creator/components/course-builder';
import { CreatorOnly, useIdParam } from './creator-route';

export function CourseBuilderRoute() {
  const id = useIdParam();
  return (
    <CreatorOnly>
      <CourseBuilder key={id} courseId={id} />
    </CreatorOnly>
  );
}
