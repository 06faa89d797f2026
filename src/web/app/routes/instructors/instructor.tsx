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
import { paths } from '#web/lib/paths';

export default function InstructorRoute() {
  const { id = '' } = useParams();
  const instructor = useInstructor(id);
  useDocumentTitle(instructor.data?.name ?? (instructor.isError ? 'Instructor not found' : 'Instructor'));
  usePageHead(
    import.meta.env.SSR && instructor.data
      ? {
          description: instructor.data.headline ?? `Courses by ${instructor.data.name} on Gradient Academy.`,
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
          <h1 className="text-2xl font-bold tracking-tight">Instructor not found</h1>
          <p className="mt-2 text-muted-foreground">There is no instructor at this address.</p>
          <Button asChild className="mt-8">
            <Link to={paths.home.getHref()}>Browse courses</Link>
          </Button>
        </div>
      );
    }
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <RegionError
          title="Couldn't load this instructor"
          description={getErrorMessage(instructor.error, 'Please check your connection and try again.')}
          onRetry={() => instructor.refetch()}
        />
      </div>
    );
  }
  if (!instructor.data) return <PageSpinner label="Loading instructor..." />;
  return (
    <InstructorProfile
      instructor={instructor.data}
      courses={
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
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
