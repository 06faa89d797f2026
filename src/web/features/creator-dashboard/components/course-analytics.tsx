import { BarChart3 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { useCourseAnalytics } from '#web/lib/api/get-course-analytics';
import { formatCount, formatUsd } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { CourseLoadError } from './course-load-error';
import { CourseSubpage } from './course-subpage';
import { EnrollmentChart } from './enrollment-chart';

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint: string }) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className="p-5">
      <h3 id={labelId} className="text-sm font-medium text-muted-foreground">
        {label}
      </h3>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
    </Card>
  );
}

function AnalyticsSkeleton() {
  return (
    <div role="status" aria-label={t('creator.loadingAnalytics')} className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-28 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-72 rounded-2xl" />
    </div>
  );
}

export function CourseAnalyticsView({ courseId }: { courseId: string }) {
  const analytics = useCourseAnalytics(courseId);
  return (
    <CourseSubpage
      courseId={courseId}
      label={t('creator.analytics')}
      eyebrow={t('creator.courseAnalytics')}
      dataError={analytics.error}
    >
      {analytics.isPending ? (
        <AnalyticsSkeleton />
      ) : analytics.isError ? (
        <CourseLoadError title={t('creator.analyticsLoadFailed')} onRetry={() => void analytics.refetch()} />
      ) : (
        <div className="grid gap-6">
          <section aria-label={t('creator.courseFigures')} className="grid gap-4 sm:grid-cols-3">
            <Figure
              label={t('creator.totalEnrollments')}
              value={formatCount(analytics.data.totalEnrollments)}
              hint={t('creator.studentsWhoJoined')}
            />
            <Figure
              label={t('creator.netEarnings')}
              value={formatUsd(analytics.data.revenue)}
              hint={t('creator.afterFeesAndRefunds')}
            />
            <Figure
              label={t('creator.completionRate')}
              value={t('creator.percent', { value: formatCount(analytics.data.completionRate) })}
              hint={t('creator.completionHint')}
            />
          </section>
          <Card className="p-5">
            <h2 className="mb-4 font-semibold">{t('creator.enrollmentsOverTime')}</h2>
            {analytics.data.enrollmentsByDay.length === 0 ? (
              <div className="flex flex-col items-center gap-3 py-10 text-center">
                <BarChart3 className="size-10 text-muted-foreground" aria-hidden="true" />
                <p className="font-medium">{t('creator.noEnrollmentsYet')}</p>
                <p className="max-w-sm text-sm text-muted-foreground">{t('creator.noEnrollmentsHint')}</p>
              </div>
            ) : (
              <EnrollmentChart days={analytics.data.enrollmentsByDay} />
            )}
          </Card>
        </div>
      )}
    </CourseSubpage>
  );
}
