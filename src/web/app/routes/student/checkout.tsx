import { useParams } from 'react-router';
import { RequireAuth } from '#web/components/require-auth';
import { Checkout } from '#web/features/enrollment/components/checkout';
import { paths } from '#web/lib/paths';

export default function CheckoutRoute() {
  const { courseId = '' } = useParams();
  return (
    <RequireAuth redirectTo={paths.login.getHref()}>
      <Checkout key={courseId} courseId={courseId} />
    </RequireAuth>
  );
}
