import { UserX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { RegionError } from '#web/components/errors/region-error';
import { PageSpinner } from '#web/components/page-spinner';
import { Button } from '#web/components/ui/button';
import { CourseCard } from '#web/features/catalog/components/course-card';
import { useInstructor } from '#web/features/instructors/api/instructor';
import { InstructorProfile } from '#web/features/instructors/components/instructor-profile';
import { useDocumentTitle, usePageHead } from '#web/hooks/use-document-title';
import { getErrorMessage, isApiError } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';

export default function InstructorRoute() {
  const { id = '' } = useParams();
  const instructor = useInstructor(id);
  useDocumentTitle(instructor.data?.name ?? (instructor.isError ? t('instructors.notFound') : t('instructors.instructor')));
  usePageHead(
    import.meta.env.SSR && instructor.data
      ? {
          description: instructor.data.headline ?? t('instructors.pageDescription', { name: instructor.data.name }),
          image: instructor.data.avatar,
          jsonLd: {
            '@context': 'https://schema.org',
            '@type': 'Person',
            name: instructor.data.name,
            ...(instructor.data.headline ? { jobTitle: instructor.data.headline } : {}),
            ...(instructor.data.bio ? { description: instructor.data.bio } : {}),
          },
        }
      : {},
  );

  if (instructor.isError) {
    if (isApiError(instructor.error, 404)) {
      return (
        <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center px-4 py-16 text-center">
          <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
            <UserX className="size-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">{t('instructors.notFound')}</h1>
          <p className="mt-2 text-muted-foreground">{t('instructors.noneHere')}</p>
          <Button asChild className="mt-8">
            <Link to={paths.home.getHref()}>{t('instructors.browseCourses')}</Link>
          </Button>
        </div>
      );
    }
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <RegionError
          title={t('instructors.loadError')}
          description={getErrorMessage(instructor.error, t('instructors.checkConnection'))}
          onRetry={() => instructor.refetch()}
        />
      </div>
    );
  }
  if (!instructor.data) return <PageSpinner label={t('instructors.loading')} />;
  return (
    <InstructorProfile
      instructor={instructor.data}
      courses={
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {instructor.data.courses.map((course) => (
            <li key={course.id} className="flex">
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      }
    />
  );
}
