import { Users } from 'lucide-react';
import type { CourseStudent } from '#shared/schemas/creator';
import { Progress } from '#web/components/ui/progress';
import { Skeleton } from '#web/components/ui/skeleton';
import { useCourseStudents } from '#web/lib/api/get-course-students';
import { CourseLoadError } from './course-load-error';
import { CourseSubpage } from './course-subpage';

const enrolledDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** A table on wide screens; on a phone each student becomes a stacked card, so nothing scrolls sideways. */
function StudentsTable({ students }: { students: CourseStudent[] }) {
  return (
    <div className="sm:overflow-hidden sm:rounded-2xl sm:border sm:bg-card sm:shadow-sm">
      <table className="w-full text-sm">
        <caption className="sr-only">Enrolled students</caption>
        <thead className="hidden text-left text-muted-foreground sm:table-header-group">
          <tr>
            <th scope="col" className="p-3 font-medium">
              Name
            </th>
            <th scope="col" className="p-3 font-medium">
              Email
            </th>
            <th scope="col" className="p-3 font-medium">
              Enrolled
            </th>
            <th scope="col" className="p-3 font-medium">
              Progress
            </th>
          </tr>
        </thead>
        <tbody className="grid gap-3 sm:table-row-group">
          {students.map((student) => (
            <tr
              key={student.userId}
              className="grid gap-1.5 rounded-xl border bg-card p-4 sm:table-row sm:rounded-none sm:border-0 sm:border-t sm:bg-transparent sm:p-0"
            >
              <th scope="row" className="text-left font-medium break-words sm:p-3">
                {student.name}
              </th>
              <td className="break-all text-muted-foreground sm:p-3">
                <span className="sr-only sm:hidden">Email: </span>
                {student.email}
              </td>
              <td className="text-muted-foreground sm:p-3 sm:whitespace-nowrap">
                <span className="sm:hidden">Enrolled </span>
                <time dateTime={student.enrolledAt}>{enrolledDate(student.enrolledAt)}</time>
              </td>
              <td className="pt-1 sm:p-3">
                <div className="flex items-center gap-3">
                  <Progress
                    value={student.progress}
                    className="h-2 flex-1 sm:w-32 sm:flex-none"
                    aria-label={`Progress of ${student.name}`}
                  />
                  <span className="w-10 text-right tabular-nums">{student.progress}%</span>
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
      label="Students"
      eyebrow="Students"
      dataError={students.error}
      description={
        students.data && students.data.length > 0
          ? `${students.data.length.toLocaleString('en-US')} ${students.data.length === 1 ? 'student' : 'students'} enrolled`
          : undefined
      }
    >
      {students.isPending ? (
        <div role="status" aria-label="Loading students" className="grid gap-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-14 rounded-xl" />
          ))}
        </div>
      ) : students.isError ? (
        <CourseLoadError what="Students" onRetry={() => void students.refetch()} />
      ) : students.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed px-6 py-14 text-center">
          <Users className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-medium">No students enrolled yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">Students appear here with their progress once they enroll.</p>
        </div>
      ) : (
        <StudentsTable students={students.data} />
      )}
    </CourseSubpage>
  );
}
