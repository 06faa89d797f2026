import { MinimalLayout } from '#web/components/layouts/minimal-layout';
import { RequireAuth } from '#web/components/require-auth';
import { CoursePreview } from '#web/features/creator/components/course-preview';
import { paths } from '#web/lib/paths';
import { useIdParam } from '../creator/creator-route';

export function PreviewRoute() {
  const id = useIdParam();
  return (
    <MinimalLayout>
      <RequireAuth redirectTo={paths.creatorPortal.getHref()} requiredRole="creator">
        <CoursePreview courseId={id} />
      </RequireAuth>
    </MinimalLayout>
  );
}
