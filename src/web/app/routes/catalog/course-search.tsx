import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readSearchParams } from '#shared/course-search';
import { RegionErrorBoundary } from '#web/components/errors/region-error';
import { CourseCard, CourseCardSkeleton } from '#web/features/catalog/components/course-card';
import { useCourseSearch } from '#web/features/course-search/api/search-courses';
import { SearchFiltersPanel } from '#web/features/course-search/components/search-filters';
import { SearchResults } from '#web/features/course-search/components/search-results';
import { useDocumentTitle, usePageHead } from '#web/hooks/use-document-title';

/** `/courses`: the catalogue searched, filtered and ordered as its address says (docs/product.md, Search). */
export default function CourseSearchRoute() {
  const [searchParams] = useSearchParams();
  const filters = useMemo(() => readSearchParams(searchParams), [searchParams]);
  const search = useCourseSearch(filters);
  const heading = filters.q ? `Results for “${filters.q}”` : 'All courses';
  useDocumentTitle(filters.q ? `${filters.q} courses` : 'All courses');
  usePageHead(
    import.meta.env.SSR
      ? {
          description: filters.q
            ? `AI and machine learning courses about ${filters.q} on Gradient Academy: filter by level, price, rating and length.`
            : 'Every AI and machine learning course on Gradient Academy: search and filter by level, price, rating and length.',
        }
      : {},
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <h1 className="mb-6 text-2xl font-bold tracking-tight break-words sm:text-3xl">{heading}</h1>
      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <aside>
          <SearchFiltersPanel filters={filters} counts={search.first.data} />
        </aside>
        <section aria-labelledby="courses-found">
          {/* For the outline of headings: the cards' titles sit under it, also on a phone, where the filters' headings are folded away. */}
          <h2 id="courses-found" className="sr-only">
            Courses found
          </h2>
          <RegionErrorBoundary title="The search results could not be displayed">
            <SearchResults
              filters={filters}
              search={search}
              renderCourse={(course, index) => <CourseCard course={course} priority={index < 2} />}
              skeleton={
                <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
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
