import { BarChart3 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { useCourseAnalytics } from '#web/lib/api/get-course-analytics';
import { formatUsd } from '../lib/money';
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
    <div role="status" aria-label="Loading analytics" className="grid gap-6">
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
    <CourseSubpage courseId={courseId} label="Analytics" eyebrow="Course analytics" dataError={analytics.error}>
      {analytics.isPending ? (
        <AnalyticsSkeleton />
      ) : analytics.isError ? (
        <CourseLoadError what="Analytics" onRetry={() => void analytics.refetch()} />
      ) : (
        <div className="grid gap-6">
          <section aria-label="Course figures" className="grid gap-4 sm:grid-cols-3">
            <Figure
              label="Total Enrollments"
              value={analytics.data.totalEnrollments.toLocaleString('en-US')}
              hint="Students who joined"
            />
            <Figure label="Net earnings" value={formatUsd(analytics.data.revenue)} hint="After fees and refunds" />
            <Figure
              label="Completion Rate"
              value={`${analytics.data.completionRate}%`}
              hint="Students who finished every slide and passed every quiz"
            />
          </section>
          <Card className="p-5">
            <h2 className="mb-4 font-semibold">Enrollments over time</h2>
            {analytics.data.enrollmentsByDay.length === 0 ? (
              <div className="flex flex-col items-center gap-3 py-10 text-center">
                <BarChart3 className="size-10 text-muted-foreground" aria-hidden="true" />
                <p className="font-medium">No enrollments yet</p>
                <p className="max-w-sm text-sm text-muted-foreground">
                  When students enroll in this course, their sign-ups appear here day by day.
                </p>
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
