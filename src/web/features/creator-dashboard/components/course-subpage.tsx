import type { ReactNode } from 'react';
import { Skeleton } from '#web/components/ui/skeleton';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { useCourse } from '#web/lib/api/get-course';
import { t } from '#web/lib/i18n/t';
import { CourseNotFound, isCourseMissing } from './course-load-error';
import { CreatorPage, PageHeader } from './creator-page';

/**
 * A page about one of the creator's courses (its analytics, its students): the course's title as the
 * heading, `label` in the tab title, and 'Course not found' when the course or the page's own data
 * (`dataError`) says it does not exist.
 */
export function CourseSubpage({
  courseId,
  label,
  eyebrow,
  dataError,
  description,
  children,
}: {
  courseId: string;
  label: string;
  eyebrow: string;
  dataError: unknown;
  description?: ReactNode;
  children: ReactNode;
}) {
  const course = useCourse(courseId);
  const isMissing = isCourseMissing(course.error) || isCourseMissing(dataError);
  useDocumentTitle(
    isMissing
      ? t('creator.courseNotFound')
      : course.data
        ? t('creator.subpageTitle', { label, title: course.data.title })
        : label,
  );

  if (isMissing) {
    return (
      <CreatorPage>
        <CourseNotFound />
      </CreatorPage>
    );
  }
  return (
    <CreatorPage>
      <PageHeader
        back
        eyebrow={eyebrow}
        title={course.data?.title ?? (course.isPending ? <Skeleton className="h-9 w-64 max-w-full" /> : label)}
        description={description}
      />
      {children}
    </CreatorPage>
  );
}
