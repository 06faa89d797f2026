import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CourseAnalytics } from '#shared/schemas/creator';
import { RegionError } from '#web/components/errors/region-error';
import { Card } from '#web/components/ui/card';
import { Progress } from '#web/components/ui/progress';
import { Skeleton } from '#web/components/ui/skeleton';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { isApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { courseAnalyticsQuery, courseQuery, courseStudentsQuery } from '../api/creator-queries';
import { CreatorPage, PageHeader } from './page-header';

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card className="p-5">
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
    </Card>
  );
}

const dateLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Bars drawn as SVG (no chart library for one chart); the same figures sit in a table for screen readers. */
function EnrollmentChart({ days }: { days: CourseAnalytics['enrollmentsByDay'] }) {
  const max = Math.max(...days.map((day) => day.count));
  const barWidth = 100 / days.length;
  return (
    <figure className="grid gap-3">
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="h-48 w-full text-primary" aria-hidden="true">
        {days.map((day, index) => {
          const height = (day.count / max) * 36;
          return (
            <rect
              key={day.date}
              x={index * barWidth + barWidth * 0.15}
              y={40 - height}
              width={barWidth * 0.7}
              height={height}
              rx={0.6}
              className="fill-current"
            />
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{dateLabel(days[0]?.date ?? '')}</span>
        <span>{dateLabel(days.at(-1)?.date ?? '')}</span>
      </div>
      <figcaption className="sr-only">Enrollments per day</figcaption>
      <table className="sr-only">
        <thead>
          <tr>
            <th>Day</th>
            <th>Enrollments</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{dateLabel(day.date)}</td>
              <td>{day.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function useCourseTitle(courseId: string) {
  const course = useQuery(courseQuery(courseId));
  return course.data?.title;
}

function notFoundOr(error: unknown, fallback: string) {
  return isApiError(error, 404) || isApiError(error, 403) ? 'Course not found' : fallback;
}

export function CourseAnalyticsView({ courseId }: { courseId: string }) {
  const title = useCourseTitle(courseId);
  const analytics = useQuery(courseAnalyticsQuery(courseId));
  useDocumentTitle(title ? `Analytics: ${title}` : 'Analytics');
  return (
    <CreatorPage>
      <PageHeader backTo={paths.creator.dashboard.getHref()} title="Analytics" description={title} />
      {analytics.isPending ? (
        <div className="grid gap-4 sm:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-24 rounded-xl" />
          ))}
        </div>
      ) : analytics.isError ? (
        <RegionError
          title={notFoundOr(analytics.error, 'Analytics could not be loaded')}
          onRetry={() => void analytics.refetch()}
        />
      ) : (
        <div className="grid gap-6">
          <div className="grid gap-4 sm:grid-cols-3">
            <Figure label="Total Enrollments" value={analytics.data.totalEnrollments} />
            <Figure label="Revenue" value={`$${analytics.data.revenue}`} />
            <Figure label="Completion Rate" value={`${analytics.data.completionRate}%`} />
          </div>
          <Card className="p-5">
            <h2 className="mb-4 font-semibold">Enrollments over time</h2>
            {analytics.data.enrollmentsByDay.length === 0 ? (
              <p className="py-10 text-center text-muted-foreground">No enrollments yet</p>
            ) : (
              <EnrollmentChart days={analytics.data.enrollmentsByDay} />
            )}
          </Card>
        </div>
      )}
    </CreatorPage>
  );
}

export function CourseStudentsView({ courseId }: { courseId: string }) {
  const title = useCourseTitle(courseId);
  const students = useQuery(courseStudentsQuery(courseId));
  useDocumentTitle(title ? `Students: ${title}` : 'Students');
  return (
    <CreatorPage>
      <PageHeader backTo={paths.creator.dashboard.getHref()} title="Students" description={title} />
      {students.isPending ? (
        <Skeleton className="h-40 rounded-xl" />
      ) : students.isError ? (
        <RegionError title={notFoundOr(students.error, 'Students could not be loaded')} onRetry={() => void students.refetch()} />
      ) : students.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed px-6 py-14 text-center">
          <Users className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-medium">No students enrolled yet</p>
        </div>
      ) : (
        <table className="w-full text-sm">
          <thead className="hidden text-left text-muted-foreground sm:table-header-group">
            <tr>
              <th className="p-3 font-medium">Name</th>
              <th className="p-3 font-medium">Email</th>
              <th className="p-3 font-medium">Enrolled</th>
              <th className="p-3 font-medium">Progress</th>
            </tr>
          </thead>
          <tbody className="grid gap-3 sm:table-row-group">
            {students.data.map((student) => (
              <tr
                key={student.userId}
                className="grid gap-1 rounded-xl border p-3 sm:table-row sm:rounded-none sm:border-0 sm:border-t"
              >
                <td className="font-medium sm:p-3">{student.name}</td>
                <td className="break-all text-muted-foreground sm:p-3">{student.email}</td>
                <td className="text-muted-foreground sm:p-3">{new Date(student.enrolledAt).toLocaleDateString()}</td>
                <td className="sm:p-3">
                  <div className="flex items-center gap-2">
                    <Progress value={student.progress} className="h-2 w-32" aria-label={`${student.name}'s progress`} />
                    <span className="tabular-nums">{student.progress}%</span>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </CreatorPage>
  );
}
