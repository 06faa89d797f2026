import { BookOpen } from 'lucide-react';
import { Link } from 'react-router';
import { ComingSoon } from '#web/components/coming-soon';
import { RequireAuth } from '#web/components/require-auth';
import { Button } from '#web/components/ui/button';
import { paths } from '#web/lib/paths';

export function MyCoursesRoute() {
  return (
    <RequireAuth redirectTo={paths.login.getHref()}>
      <ComingSoon
        title="My Courses"
        icon={BookOpen}
        description="Your enrolled courses with their progress, completed courses and saved courses will be listed here. This page is coming soon."
      >
        <Button asChild variant="gradient">
          <Link to={paths.home.getHref()}>Browse courses</Link>
        </Button>
      </ComingSoon>
    </RequireAuth>
  );
}
