import { Eye } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ComingSoon } from '#web/components/coming-soon';
import { MinimalLayout } from '#web/components/layouts/minimal-layout';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { paths } from '#web/lib/paths';

export function PreviewRoute() {
  const { id = '' } = useParams();
  return (
    <MinimalLayout actions={<Badge variant="secondary">Preview Mode</Badge>}>
      <ComingSoon
        title="Course Preview"
        icon={Eye}
        description="A read-only preview of your course's modules, lessons and quizzes is coming soon."
      >
        <Button asChild variant="outline">
          <Link to={paths.creator.courseBuilder.getHref(id)}>Back to the builder</Link>
        </Button>
      </ComingSoon>
    </MinimalLayout>
  );
}
