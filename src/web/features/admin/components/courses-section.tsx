import { BookX, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { type AdminCourse, UNPUBLISH_REASON_MAX, UnpublishCourseBodySchema } from '#shared/schemas/admin';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { formatCount, formatUsd } from '#web/lib/i18n/format';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { type CourseFilters, useAdminCourses, useUnpublishCourse } from '../api/courses';
import { COURSE_STATUSES, courseStatusLabel, day } from '../lib/labels';
import { FilterBar, FilterSelect, SearchForm } from './filters';
import { PagedListView, Row, RowList } from './paged-list-view';

const TEXTAREA =
  'min-h-28 w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none aria-invalid:border-destructive md:text-sm';

const statusOptions = () => COURSE_STATUSES.map((value) => ({ value, label: courseStatusLabel(value) }));

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
        <Button variant="outline" size="sm" aria-label={t('admin.unpublishTitleOf', { title: course.title })}>
          <EyeOff aria-hidden="true" />
          {t('admin.unpublish')}
        </Button>
      }
      title={t('admin.unpublishTitle', { title: course.title })}
      description={t('admin.unpublishText')}
      confirmLabel={t('admin.unpublish')}
      canConfirm={parsed.success}
      onOpenChange={(isOpen) => isOpen && setReason('')}
      onConfirm={async () => {
        if (!parsed.success) return;
        await unpublish.mutateAsync({ courseId: course.id, reason: parsed.data.reason });
        toast({ variant: 'success', title: t('admin.courseUnpublished'), description: course.title });
      }}
    >
      <div className="grid gap-2">
        <label htmlFor={fieldId} className="text-sm font-medium">
          {t('admin.reasonForCreator')}
        </label>
        <textarea
          id={fieldId}
          aria-describedby={hintId}
          className={TEXTAREA}
          value={reason}
          maxLength={UNPUBLISH_REASON_MAX}
          required
          placeholder={t('admin.reasonPlaceholder')}
          onChange={(event) => setReason(event.target.value)}
        />
        <p id={hintId} className="text-end text-xs text-muted-foreground">
          {t('admin.characterCount', { count: formatCount(reason.length), max: formatCount(UNPUBLISH_REASON_MAX) })}
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
        {t('admin.tabCourses')}
      </h2>
      <FilterBar>
        <SearchForm
          label={t('admin.findCourses')}
          placeholder={t('admin.titlePlaceholder')}
          onSearch={(q) => setFilters((f) => ({ ...f, q: q || undefined }))}
        />
        <FilterSelect
          label={t('admin.state')}
          value={filters.status}
          options={statusOptions()}
          onChange={(status) => setFilters((f) => ({ ...f, status }))}
        />
      </FilterBar>
      <PagedListView
        list={list}
        what="courses"
        texts={{ loading: t('admin.coursesLoading'), failed: t('admin.coursesFailed') }}
        empty={{ icon: BookX, title: t('admin.noCourses'), text: t('admin.noCoursesText') }}
      >
        {(courses) => (
          <RowList label={t('admin.tabCourses')}>
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
                    {courseStatusLabel(course.status)}
                  </Badge>
                </p>
                <p className="text-sm text-muted-foreground">
                  <RichText
                    text={t('admin.byTagged')}
                    tags={{ name: () => <span className="wrap-anywhere">{course.creator.name}</span> }}
                  />{' '}
                  · {formatUsd(course.price)} · {t('admin.studentCount', { count: course.studentCount })}
                </p>
                <p className="text-xs text-muted-foreground">{t('admin.createdOn', { day: day(course.createdAt) })}</p>
                {course.moderation ? (
                  <p className="mt-1 rounded-lg bg-warning-muted px-3 py-2 text-sm whitespace-pre-line text-warning-muted-foreground">
                    <span className="font-medium">{t('admin.unpublishedOn', { day: day(course.moderation.unpublishedAt) })}</span>{' '}
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
