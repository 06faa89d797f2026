import { CreditCard } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ComingSoon } from '#web/components/coming-soon';
import { RequireAuth } from '#web/components/require-auth';
import { Button } from '#web/components/ui/button';
import { paths } from '#web/lib/paths';

export function CheckoutRoute() {
  const { courseId = '' } = useParams();
  return (
    <RequireAuth redirectTo={paths.login.getHref()}>
      <ComingSoon
        title="Checkout"
        icon={CreditCard}
        description="Card payment and free enrollment are on their way. You'll be able to enroll in this course here soon."
      >
        <Button asChild variant="outline">
          <Link to={paths.course.detail.getHref(courseId)}>Back to course</Link>
        </Button>
        <Button asChild variant="gradient">
          <Link to={paths.home.getHref()}>Browse courses</Link>
        </Button>
      </ComingSoon>
    </RequireAuth>
  );
}
