import { ArrowLeft, GraduationCap } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ComingSoon } from '#web/components/coming-soon';
import { MinimalLayout } from '#web/components/layouts/minimal-layout';
import { Button } from '#web/components/ui/button';
import { paths } from '#web/lib/paths';

export function LearnRoute() {
  const { id = '' } = useParams();
  return (
    <MinimalLayout>
      <ComingSoon
        title="Course Player"
        icon={GraduationCap}
        description="Lessons, quizzes, progress tracking and your certificate will live here. The learning player is coming soon."
      >
        <Button asChild variant="outline">
          <Link to={paths.course.detail.getHref(id)}>
            <ArrowLeft aria-hidden="true" />
            Back to course
          </Link>
        </Button>
      </ComingSoon>
    </MinimalLayout>
  );
}
