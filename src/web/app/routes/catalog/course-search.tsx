import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readSearchParams } from '#shared/course-search';
import { RegionErrorBoundary } from '#web/components/errors/region-error';
import { CourseCard, CourseCardSkeleton } from '#web/features/catalog/components/course-card';
import { languageName } from '#web/features/catalog/lib/language-name';
import { useCourseSearch } from '#web/features/course-search/api/search-courses';
import { SearchFiltersPanel } from '#web/features/course-search/components/search-filters';
import { SearchResults } from '#web/features/course-search/components/search-results';
import { useDocumentTitle, usePageHead } from '#web/hooks/use-document-title';
import { t } from '#web/lib/i18n/t';

/** `/courses`: the catalogue searched, filtered and ordered as its address says (docs/product.md, Search). */
export default function CourseSearchRoute() {
  const [searchParams] = useSearchParams();
  const filters = useMemo(() => readSearchParams(searchParams), [searchParams]);
  const search = useCourseSearch(filters);
  const heading = filters.q ? t('search.resultsFor', { q: filters.q }) : t('search.allCourses');
  useDocumentTitle(filters.q ? t('search.titleFor', { q: filters.q }) : t('search.allCourses'));
  usePageHead(
    import.meta.env.SSR
      ? {
          description: filters.q ? t('search.descriptionFor', { q: filters.q }) : t('search.descriptionAll'),
        }
      : {},
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <h1 className="mb-6 text-2xl font-bold tracking-tight break-words sm:text-3xl">{heading}</h1>
      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <aside>
          <SearchFiltersPanel filters={filters} counts={search.first.data} languageName={languageName} />
        </aside>
        <section aria-labelledby="courses-found">
          {/* For the outline of headings: the cards' titles sit under it, also on a phone, where the filters' headings are folded away. */}
          <h2 id="courses-found" className="sr-only">
            {t('search.coursesFound')}
          </h2>
          <RegionErrorBoundary title={t('search.resultsError')}>
            <SearchResults
              filters={filters}
              search={search}
              languageName={languageName}
              renderCourse={(course, index) => <CourseCard course={course} priority={index < 2} />}
              skeleton={
                <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
                  {[0, 1, 2].map((i) => (
                    <CourseCardSkeleton key={i} />
                  ))}
                </div>
              }
            />
          </RegionErrorBoundary>
        </section>
      </div>
    </div>
  );
}
