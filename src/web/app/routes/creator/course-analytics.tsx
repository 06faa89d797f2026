import { CourseAnalyticsView } from '#web/features/creator-dashboard/components/course-analytics';
import { CreatorOnly, useIdParam } from './creator-route';

export default function CourseAnalyticsRoute() {
  const id = useIdParam();
  return (
    <CreatorOnly>
      <CourseAnalyticsView courseId={id} />
    </CreatorOnly>
  );
}
