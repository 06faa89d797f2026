import { RequireAuth } from '#web/components/require-auth';
import { MyCourses } from '#web/features/enrollment/components/my-courses';
import { paths } from '#web/lib/paths';

export default function MyCoursesRoute() {
  return (
    <RequireAuth redirectTo={paths.login.getHref()}>
      <MyCourses />
    </RequireAuth>
  );
}
