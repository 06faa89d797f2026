import { useMemo } from 'react';
import { RegionError, RegionErrorBoundary } from '#web/components/errors/region-error';
import { CourseModerationNotice } from '#web/components/moderation-notice';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { useCourse } from '#web/lib/api/get-course';
import { useCourseModules } from '#web/lib/api/get-course-modules';
import { useCourseQuizzes } from '#web/lib/api/get-course-quizzes';
import { getErrorMessage, isApiError } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { toContentItems } from '../lib/content-items';
import { AddSectionForm } from './add-section-form';
import { BackToDashboard, BuilderPage } from './builder-page';
import { CourseContent } from './course-content';
import { CourseHeader } from './course-header';

/**
 * The course builder (docs/product.md, Publishing and the studio): the course's modules and quizzes, added,
 * ordered and removed here.
 */
export function CourseBuilder({ courseId }: { courseId: string }) {
  const course = useCourse(courseId);
  const modules = useCourseModules(courseId);
  const quizzes = useCourseQuizzes(courseId);
  useDocumentTitle(
    course.data ? t('courseBuilder.documentTitle', { title: course.data.title }) : t('courseBuilder.courseBuilder'),
  );

  const items = useMemo(
    () => (modules.data && quizzes.data ? toContentItems(modules.data, quizzes.data) : undefined),
    [modules.data, quizzes.data],
  );

  if (course.isPending) {
    return (
      <BuilderPage>
        <p role="status" className="py-24 text-center text-muted-foreground">
          {t('courseEditor.loadingCourse')}
        </p>
      </BuilderPage>
    );
  }
  if (course.isError) {
    const isMissing = isApiError(course.error, 404);
    return (
      <BuilderPage>
        <div className="mb-6">
          <BackToDashboard />
        </div>
        <RegionError
          title={isMissing ? t('courseEditor.courseNotFound') : t('courseEditor.courseLoadFailed')}
          description={
            isMissing
              ? t('courseEditor.courseNotFoundDescription')
              : getErrorMessage(course.error, t('courseEditor.checkConnection'))
          }
          onRetry={isMissing ? undefined : () => void course.refetch()}
        />
      </BuilderPage>
    );
  }

  const isContentError = modules.isError || quizzes.isError;
  const itemCount = items?.length ?? null;
  return (
    <BuilderPage>
      <div className="mb-4">
        <BackToDashboard />
      </div>
      <RegionErrorBoundary title={t('courseBuilder.headerError')} resetKeys={[course.data]}>
        <CourseHeader course={course.data} />
      </RegionErrorBoundary>
      <CourseModerationNotice courseId={courseId} className="mb-6" />
      <div className="mb-10 grid gap-4 md:grid-cols-2">
        <RegionErrorBoundary title={t('courseBuilder.moduleFormError')}>
          <AddSectionForm kind="module" courseId={courseId} itemCount={itemCount} />
        </RegionErrorBoundary>
        <RegionErrorBoundary title={t('courseBuilder.quizFormError')}>
          <AddSectionForm kind="quiz" courseId={courseId} itemCount={itemCount} />
        </RegionErrorBoundary>
      </div>
      <RegionErrorBoundary title={t('courseBuilder.contentError')} resetKeys={[items]}>
        <CourseContent
          courseId={courseId}
          items={items}
          isError={isContentError}
          error={modules.error ?? quizzes.error}
          onRetry={() => {
            if (modules.isError) void modules.refetch();
            if (quizzes.isError) void quizzes.refetch();
          }}
        />
      </RegionErrorBoundary>
      <div className="mt-10 border-t pt-6">
        <BackToDashboard variant="outline" />
      </div>
    </BuilderPage>
  );
}
