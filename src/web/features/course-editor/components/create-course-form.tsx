import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Spinner } from '#web/components/ui/spinner';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { useCreateCourse } from '../api/create-course';
import { EMPTY_COURSE_FORM, toCreateCourseBody } from '../lib/course-form';
import { CourseFields } from './course-fields';
import { CourseFormPage } from './course-form-page';
import { useCourseForm } from './use-course-form';

type Intent = 'build' | 'draft';

/**
 * Creating a course (docs/product.md, Publishing and the studio): Create & Build opens the builder, Save as
 * Draft returns to the dashboard.
 */
export function CreateCourseForm() {
  useDocumentTitle('Create Course');
  const navigate = useNavigate();
  const form = useCourseForm(EMPTY_COURSE_FORM);
  const createMutation = useCreateCourse();
  const [intent, setIntent] = useState<Intent | null>(null);
  const dashboard = paths.creator.dashboard.getHref();

  const save = (next: Intent) => {
    if (!form.check({ requireDescription: next === 'build' })) return;
    setIntent(next);
    createMutation.mutate(toCreateCourseBody(form.values), {
      onSuccess: (course) => {
        if (next === 'build') {
          toast({ variant: 'success', title: 'Course created!' });
          navigate(paths.creator.courseBuilder.getHref(course.id));
        } else {
          toast({ variant: 'success', title: 'Draft saved!' });
          navigate(dashboard);
        }
      },
      onError: (error) => {
        form.showServerErrors(error);
        toast({
          variant: 'destructive',
          title: 'Failed to create course',
          description: getErrorMessage(error, 'Please check your connection and try again.'),
        });
      },
    });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save('build');
  };

  const isBusy = createMutation.isPending || form.isThumbnailUploading;
  return (
    <CourseFormPage
      title="Create New Course"
      description="Describe your course; you add modules and quizzes in the builder next."
      back={{ to: dashboard, label: 'Back to Dashboard' }}
    >
      <form noValidate onSubmit={handleSubmit} aria-label="Create course" className="grid gap-6">
        <Card className="p-5 sm:p-6">
          <CourseFields
            values={form.values}
            onChange={form.change}
            errors={form.errors}
            onThumbnailBusyChange={form.setThumbnailUploading}
            disabled={createMutation.isPending}
          />
        </Card>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="ghost">
            <Link to={dashboard}>Cancel</Link>
          </Button>
          <Button type="button" variant="outline" disabled={isBusy} onClick={() => save('draft')}>
            {createMutation.isPending && intent === 'draft' ? <Spinner /> : null}
            Save as Draft
          </Button>
          <Button type="submit" variant="gradient" disabled={isBusy}>
            {createMutation.isPending && intent === 'build' ? <Spinner /> : null}
            Create &amp; Build
          </Button>
        </div>
      </form>
    </CourseFormPage>
  );
}
