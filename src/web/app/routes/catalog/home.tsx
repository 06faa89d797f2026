import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { RegionErrorBoundary } from '#web/components/errors/region-error';
import { keepScroll } from '#web/components/scroll-restoration';
import { CatalogHero } from '#web/features/catalog/components/catalog-hero';
import { CourseCatalog } from '#web/features/catalog/components/course-catalog';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { useMyCourses } from '#web/lib/api/get-my-courses';
import { useAuth } from '#web/lib/auth';

export function HomeRoute() {
  useDocumentTitle();
  const { user } = useAuth();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const searchQuery = searchParams.get('q')?.trim() ?? '';
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Progress comes from the student's own enrollments, never from the shared public catalogue.
  const myCourses = useMyCourses({ enabled: user?.role === 'student' });
  const progressByCourseId = useMemo(
    () => new Map((myCourses.data ?? []).map((course) => [course.id, course.progress])),
    [myCourses.data],
  );

  const goToCatalog = useCallback(() => {
    const heading = headingRef.current;
    if (!heading) return;
    heading.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (searchQuery || location.hash === '#courses') goToCatalog();
  }, [searchQuery, location.hash, goToCatalog]);

  return (
    <>
      <CatalogHero onExplore={goToCatalog} />
      <section id="courses" aria-label="Course catalogue">
        <RegionErrorBoundary title="The course catalogue could not be displayed">
          <CourseCatalog
            headingRef={headingRef}
            progressByCourseId={progressByCourseId}
            searchQuery={searchQuery}
            onClearSearch={() => setSearchParams({}, { state: keepScroll })}
          />
        </RegionErrorBoundary>
      </section>
    </>
  );
}
