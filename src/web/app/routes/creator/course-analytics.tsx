import { CourseAnalyticsView } from '#web/features/creator/components/course-insights';
import { CreatorOnly, useIdParam } from './creator-route';

export function CourseAnalyticsRoute() {
  const id = useIdParam();
  return (
    <CreatorOnly>
      <CourseAnalyticsView courseId={id} />
    </CreatorOnly>
  );
}
