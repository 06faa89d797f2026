import { MinimalLayout } from '#web/components/layouts/minimal-layout';
import { RequireAuth } from '#web/components/require-auth';
import { CoursePreview } from '#web/features/course-preview/components/course-preview';
import { paths } from '#web/lib/paths';
import { useIdParam } from '../creator/creator-route';

/** Opened in a new tab from the course builder; the stored token carries the creator over. */
export default function PreviewRoute() {
  const id = useIdParam();
  return (
    <MinimalLayout>
      <RequireAuth redirectTo={paths.creatorPortal.getHref()} requiredRole="creator">
        <CoursePreview key={id} courseId={id} />
      </RequireAuth>
    </MinimalLayout>
  );
}
