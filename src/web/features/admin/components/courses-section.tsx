import { BookX, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatCount, formatUsd } from '#shared/format';
import { type AdminCourse, type AdminCourseStatus, UNPUBLISH_REASON_MAX, UnpublishCourseBodySchema } from '#shared/schemas/admin';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { paths } from '#web/lib/paths';
import { type CourseFilters, useAdminCourses, useUnpublishCourse } from '../api/courses';
import { COURSE_STATUS_LABELS, day } from '../lib/labels';
import { FilterBar, FilterSelect, SearchForm } from './filters';
import { PagedListView, Row, RowList } from './paged-list-view';

const TEXTAREA =
  'min-h-28 w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none aria-invalid:border-destructive md:text-sm';

const STATUS_OPTIONS = (Object.keys(COURSE_STATUS_LABELS) as AdminCourseStatus[]).map((value) => ({
  value,
  label: COURSE_STATUS_LABELS[value],
}));

/** Asks for the reason the creator will read, then takes the course off the marketplace. */
function UnpublishButton({ course }: { course: AdminCourse }) {
  const unpublish = useUnpublishCourse();
  const [reason, setReason] = useState('');
  const fieldId = useId();
  const hintId = useId();
  const parsed = UnpublishCourseBodySchema.safeParse({ reason });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Unpublish ${course.title}`}>
          <EyeOff aria-hidden="true" />
          Unpublish
        </Button>
      }
      title={`Unpublish “${course.title}”?`}
      description="It leaves the catalogue and search at once; enrolled students keep it. The creator sees your reason until they publish it again."
      confirmLabel="Unpublish"
      canConfirm={parsed.success}
      onOpenChange={(isOpen) => isOpen && setReason('')}
      onConfirm={async () => {
        if (!parsed.success) return;
        await unpublish.mutateAsync({ courseId: course.id, reason: parsed.data.reason });
        toast({ variant: 'success', title: 'Course unpublished', description: course.title });
      }}
    >
      <div className="grid gap-2">
        <label htmlFor={fieldId} className="text-sm font-medium">
          Reason for the creator
        </label>
        <textarea
          id={fieldId}
          aria-describedby={hintId}
          className={TEXTAREA}
          value={reason}
          maxLength={UNPUBLISH_REASON_MAX}
          required
          placeholder="What must change before the course can be sold again?"
          onChange={(event) => setReason(event.target.value)}
        />
        <p id={hintId} className="text-right text-xs text-muted-foreground">
          {reason.length} / {UNPUBLISH_REASON_MAX}
        </p>
      </div>
    </ConfirmDialog>
  );
}

/** Every course in any state: search, filter, unpublish with a reason. */
export function CoursesSection() {
  const [filters, setFilters] = useState<CourseFilters>({});
  const list = useAdminCourses(filters);
  return (
    <section aria-labelledby="admin-courses-heading">
      <h2 id="admin-courses-heading" className="mb-4 text-xl font-semibold">
        Courses
      </h2>
      <FilterBar>
        <SearchForm label="Find courses" placeholder="Title" onSearch={(q) => setFilters((f) => ({ ...f, q: q || undefined }))} />
        <FilterSelect
          label="State"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => setFilters((f) => ({ ...f, status }))}
        />
      </FilterBar>
      <PagedListView
        list={list}
        what="courses"
        empty={{ icon: BookX, title: 'No courses found', text: 'No course matches these filters.' }}
      >
        {(courses) => (
          <RowList label="Courses">
            {courses.map((course) => (
              <Row key={course.id} actions={course.published ? <UnpublishButton course={course} /> : null}>
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {course.status === 'published' ? (
                    <Link to={paths.course.detail.getHref(course.id)} className="wrap-anywhere hover:underline">
                      {course.title}
                    </Link>
                  ) : (
                    <span className="wrap-anywhere">{course.title}</span>
                  )}
                  <Badge variant={course.status === 'published' ? 'success' : 'secondary'}>
                    {COURSE_STATUS_LABELS[course.status]}
                  </Badge>
                </p>
                <p className="text-sm text-muted-foreground">
                  by <span className="wrap-anywhere">{course.creator.name}</span> · {formatUsd(course.price)} ·{' '}
                  {formatCount(course.studentCount)} {course.studentCount === 1 ? 'student' : 'students'}
                </p>
                <p className="text-xs text-muted-foreground">Created {day(course.createdAt)}</p>
                {course.moderation ? (
                  <p className="mt-1 rounded-lg bg-warning-muted px-3 py-2 text-sm whitespace-pre-line text-warning-muted-foreground">
                    <span className="font-medium">Unpublished by an admin on {day(course.moderation.unpublishedAt)}:</span>{' '}
                    {course.moderation.reason}
                  </p>
                ) : null}
              </Row>
            ))}
          </RowList>
        )}
      </PagedListView>
    </section>
  );
}
