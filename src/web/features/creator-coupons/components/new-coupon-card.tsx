import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { CreatorCourse } from '#shared/schemas/creator';
import { RegionError } from '#web/components/errors/region-error';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { useCreatorCourses } from '#web/lib/api/get-creator-courses';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { CreateCouponForm } from './create-coupon-form';

/** A discount means something only on a course that costs money and can still be bought. */
function canHaveCoupons(course: CreatorCourse): boolean {
  return !course.archived && Number.parseFloat(course.price) > 0;
}

function NoPaidCourses() {
  return (
    <div className="grid justify-items-start gap-3">
      <p className="text-sm text-muted-foreground">{t('coupons.noPaidCourses')}</p>
      <Button asChild variant="outline" size="sm">
        <Link to={paths.creator.createCourse.getHref()}>
          <Plus aria-hidden="true" /> {t('coupons.createCourse')}
        </Link>
      </Button>
    </div>
  );
}

/** The form for a new code, once the creator's courses are known. */
export function NewCouponCard({ onCreated }: { onCreated: () => void }) {
  const courses = useCreatorCourses();
  if (courses.isPending) {
    return (
      <div role="status" aria-label={t('coupons.loadingCourses')} className="grid gap-5 md:grid-cols-2">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-16 rounded-xl" />
        ))}
      </div>
    );
  }
  if (courses.isError) {
    return (
      <RegionError
        title={t('coupons.coursesLoadFailed')}
        description={t('coupons.coursesLoadFailedHint')}
        onRetry={() => void courses.refetch()}
      />
    );
  }
  const paid = courses.data.filter(canHaveCoupons);
  if (paid.length === 0) return <NoPaidCourses />;
  return <CreateCouponForm courses={paid} onCreated={onCreated} />;
}
