import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Spinner } from '#web/components/ui/spinner';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
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
  useDocumentTitle(t('courseEditor.createDocumentTitle'));
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
          toast({ variant: 'success', title: t('courseEditor.courseCreated') });
          navigate(paths.creator.courseBuilder.getHref(course.id));
        } else {
          toast({ variant: 'success', title: t('courseEditor.draftSaved') });
          navigate(dashboard);
        }
      },
      onError: (error) => {
        form.showServerErrors(error);
        toast({
          variant: 'destructive',
          title: t('courseEditor.createFailed'),
          description: getErrorMessage(error, t('courseEditor.checkConnection')),
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
      title={t('courseEditor.createHeading')}
      description={t('courseEditor.createDescription')}
      back={{ to: dashboard, label: t('courseEditor.backToDashboard') }}
    >
      <form noValidate onSubmit={handleSubmit} aria-label={t('courseEditor.createFormLabel')} className="grid gap-6">
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
            <Link to={dashboard}>{t('courseEditor.cancel')}</Link>
          </Button>
          <Button type="button" variant="outline" disabled={isBusy} onClick={() => save('draft')}>
            {createMutation.isPending && intent === 'draft' ? <Spinner /> : null}
            {t('courseEditor.saveAsDraft')}
          </Button>
          <Button type="submit" variant="gradient" disabled={isBusy}>
            {createMutation.isPending && intent === 'build' ? <Spinner /> : null}
            {t('courseEditor.createAndBuild')}
          </Button>
        </div>
      </form>
    </CourseFormPage>
  );
}
