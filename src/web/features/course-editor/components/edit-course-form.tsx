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
  useDocumentTitle(course.data ? `Edit ${course.data.title}` : 'Edit Course');
  const builder = paths.creator.courseBuilder.getHref(courseId);

  return (
    <CourseFormPage
      title="Edit Course Details"
      description={course.data ? course.data.title : 'Change the details students see about your course.'}
      back={{ to: builder, label: 'Back to Course Builder' }}
    >
      {course.isPending ? (
        <div role="status" className="grid gap-4">
          <span className="sr-only">Loading course...</span>
          <Skeleton className="h-[32rem] rounded-2xl" />
        </div>
      ) : course.isError ? (
        <RegionError
          title={isApiError(course.error, 404) ? 'Course not found' : 'The course could not be loaded'}
          description={
            isApiError(course.error, 404)
              ? 'It may have been removed, or it belongs to another creator.'
              : getErrorMessage(course.error, 'Please check your connection and try again.')
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
          toast({ variant: 'success', title: 'Course updated!' });
          navigate(builder);
        },
        onError: (error) => {
          form.showServerErrors(error);
          toast({
            variant: 'destructive',
            title: 'Failed to update course',
            description: getErrorMessage(error, 'Please check your connection and try again.'),
          });
        },
      },
    );
  };

  const isBusy = updateMutation.isPending || form.isThumbnailUploading;
  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Edit course" className="grid gap-6">
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
          <Link to={builder}>Cancel</Link>
        </Button>
        <Button type="submit" variant="gradient" disabled={isBusy}>
          {updateMutation.isPending ? <Spinner /> : null}
          Save Changes
        </Button>
      </div>
    </form>
  );
}
