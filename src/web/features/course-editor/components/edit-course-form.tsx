import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Course } from '#shared/schemas/catalog';
import { RegionError } from '#web/components/errors/region-error';
import { CourseModerationNotice } from '#web/components/moderation-notice';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { Spinner } from '#web/components/ui/spinner';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { useCourse } from '#web/lib/api/get-course';
import { getErrorMessage, isApiError } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { useUpdateCourse } from '../api/update-course';
import { toCourseFormValues, toUpdateCourseBody } from '../lib/course-form';
import { CourseFields } from './course-fields';
import { CourseFormPage } from './course-form-page';
import { useCourseForm } from './use-course-form';

/**
 * Editing a course (docs/product.md, Publishing and the studio): the loaded course, Save Changes (then the
 * builder) and Cancel.
 */
export function EditCourseForm({ courseId }: { courseId: string }) {
  const course = useCourse(courseId);
  useDocumentTitle(
    course.data ? t('courseEditor.editDocumentTitle', { title: course.data.title }) : t('courseEditor.editDocumentTitleLoading'),
  );
  const builder = paths.creator.courseBuilder.getHref(courseId);

  return (
    <CourseFormPage
      title={t('courseEditor.editHeading')}
      description={course.data ? course.data.title : t('courseEditor.editDescription')}
      back={{ to: builder, label: t('courseEditor.backToBuilder') }}
    >
      {course.isPending ? (
        <div role="status" className="grid gap-4">
          <span className="sr-only">{t('courseEditor.loadingCourse')}</span>
          <Skeleton className="h-[32rem] rounded-2xl" />
        </div>
      ) : course.isError ? (
        <RegionError
          title={isApiError(course.error, 404) ? t('courseEditor.courseNotFound') : t('courseEditor.courseLoadFailed')}
          description={
            isApiError(course.error, 404)
              ? t('courseEditor.courseNotFoundDescription')
              : getErrorMessage(course.error, t('courseEditor.checkConnection'))
          }
          onRetry={isApiError(course.error, 404) ? undefined : () => void course.refetch()}
        />
      ) : (
        <>
          <CourseModerationNotice courseId={courseId} className="mb-6" />
          <EditForm course={course.data} />
        </>
      )}
    </CourseFormPage>
  );
}

function EditForm({ course }: { course: Course }) {
  const navigate = useNavigate();
  const form = useCourseForm(toCourseFormValues(course));
  const updateMutation = useUpdateCourse();
  const builder = paths.creator.courseBuilder.getHref(course.id);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.check({ requireDescription: false })) return;
    updateMutation.mutate(
      { id: course.id, body: toUpdateCourseBody(form.values) },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: t('courseEditor.courseUpdated') });
          navigate(builder);
        },
        onError: (error) => {
          form.showServerErrors(error);
          toast({
            variant: 'destructive',
            title: t('courseEditor.updateFailed'),
            description: getErrorMessage(error, t('courseEditor.checkConnection')),
          });
        },
      },
    );
  };

  const isBusy = updateMutation.isPending || form.isThumbnailUploading;
  return (
    <form noValidate onSubmit={handleSubmit} aria-label={t('courseEditor.editFormLabel')} className="grid gap-6">
      <Card className="p-5 sm:p-6">
        <CourseFields
          values={form.values}
          onChange={form.change}
          errors={form.errors}
          onThumbnailBusyChange={form.setThumbnailUploading}
          disabled={updateMutation.isPending}
        />
      </Card>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="ghost">
          <Link to={builder}>{t('courseEditor.cancel')}</Link>
        </Button>
        <Button type="submit" variant="gradient" disabled={isBusy}>
          {updateMutation.isPending ? <Spinner /> : null}
          {t('courseEditor.saveChanges')}
        </Button>
      </div>
    </form>
  );
}
