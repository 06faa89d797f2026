import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { RegionErrorBoundary } from '#web/components/errors/region-error';
import { CatalogHero } from '#web/features/catalog/components/catalog-hero';
import { CourseCatalog } from '#web/features/catalog/components/course-catalog';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { useMyCourses } from '#web/lib/api/get-my-courses';
import { useAuth } from '#web/lib/auth';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';

export default function HomeRoute() {
  useDocumentTitle();
  const { user } = useAuth();
  const location = useLocation();
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
    if (location.hash === '#courses') goToCatalog();
  }, [location.hash, goToCatalog]);

  // Searches live on the search page; an old `/?q=` address goes there (as the server sends it there).
  if (new URLSearchParams(location.search).has('q')) {
    return <Navigate to={`${paths.search.getHref()}${location.search}`} replace />;
  }

  return (
    <>
      <CatalogHero onExplore={goToCatalog} />
      <section id="courses" aria-label={t('catalog.courseCatalogue')}>
        <RegionErrorBoundary title={t('catalog.catalogueError')}>
          <CourseCatalog headingRef={headingRef} progressByCourseId={progressByCourseId} />
        </RegionErrorBoundary>
      </section>
    </>
  );
}
