import { Users } from 'lucide-react';
import type { CourseStudent } from '#shared/schemas/creator';
import { Progress } from '#web/components/ui/progress';
import { Skeleton } from '#web/components/ui/skeleton';
import { useCourseStudents } from '#web/lib/api/get-course-students';
import { formatCount, formatDate } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { CourseLoadError } from './course-load-error';
import { CourseSubpage } from './course-subpage';

const enrolledDate = (iso: string) => formatDate(iso, { year: 'numeric', month: 'short', day: 'numeric' });

/** A table on wide screens; on a phone each student becomes a stacked card, so nothing scrolls sideways. */
function StudentsTable({ students }: { students: CourseStudent[] }) {
  return (
    <div className="sm:overflow-hidden sm:rounded-2xl sm:border sm:bg-card sm:shadow-sm">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('creator.enrolledStudents')}</caption>
        <thead className="hidden text-start text-muted-foreground sm:table-header-group">
          <tr>
            <th scope="col" className="p-3 font-medium">
              {t('creator.name')}
            </th>
            <th scope="col" className="p-3 font-medium">
              {t('creator.email')}
            </th>
            <th scope="col" className="p-3 font-medium">
              {t('creator.enrolled')}
            </th>
            <th scope="col" className="p-3 font-medium">
              {t('creator.progress')}
            </th>
          </tr>
        </thead>
        <tbody className="grid gap-3 sm:table-row-group">
          {students.map((student) => (
            <tr
              key={student.userId}
              className="grid gap-1.5 rounded-xl border bg-card p-4 sm:table-row sm:rounded-none sm:border-0 sm:border-t sm:bg-transparent sm:p-0"
            >
              <th scope="row" className="text-start font-medium break-words sm:p-3">
                {student.name}
              </th>
              <td className="break-all text-muted-foreground sm:p-3">
                <span className="sr-only sm:hidden">{t('creator.emailLabel')} </span>
                {student.email}
              </td>
              <td className="text-muted-foreground sm:p-3 sm:whitespace-nowrap">
                <span className="sm:hidden">{t('creator.enrolled')} </span>
                <time dateTime={student.enrolledAt}>{enrolledDate(student.enrolledAt)}</time>
              </td>
              <td className="pt-1 sm:p-3">
                <div className="flex items-center gap-3">
                  <Progress
                    value={student.progress}
                    className="h-2 flex-1 sm:w-32 sm:flex-none"
                    aria-label={t('creator.progressOf', { name: student.name })}
                  />
                  <span className="w-10 text-end tabular-nums">
                    {t('creator.percent', { value: formatCount(student.progress) })}
                  </span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CourseStudentsView({ courseId }: { courseId: string }) {
  const students = useCourseStudents(courseId);
  return (
    <CourseSubpage
      courseId={courseId}
      label={t('creator.students')}
      eyebrow={t('creator.students')}
      dataError={students.error}
      description={
        students.data && students.data.length > 0 ? t('creator.studentsEnrolled', { count: students.data.length }) : undefined
      }
    >
      {students.isPending ? (
        <div role="status" aria-label={t('creator.loadingStudents')} className="grid gap-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-14 rounded-xl" />
          ))}
        </div>
      ) : students.isError ? (
        <CourseLoadError title={t('creator.studentsLoadFailed')} onRetry={() => void students.refetch()} />
      ) : students.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed px-6 py-14 text-center">
          <Users className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-medium">{t('creator.noStudentsYet')}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{t('creator.noStudentsHint')}</p>
        </div>
      ) : (
        <StudentsTable students={students.data} />
      )}
    </CourseSubpage>
  );
}
