import { SearchX, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { type SearchFilters, type SearchSort, searchSorts } from '#shared/course-search';
import type { Course } from '#shared/schemas/catalog';
import { RegionError } from '#web/components/errors/region-error';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { getErrorMessage } from '#web/lib/api-client';
import { difficultyLabel } from '#web/lib/i18n/difficulty';
import { formatCount } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import type { CourseSearch } from '../api/search-courses';
import { durationLabel, minRatingLabel, sortLabel } from '../lib/filter-labels';
import { hrefWith } from './search-filters';

interface SearchResultsProps {
  filters: SearchFilters;
  search: CourseSearch;
  /** One course of the results (the route composes the catalogue's card). */
  renderCourse: (course: Course, index: number) => ReactNode;
  /** Shown while the first answer loads. */
  skeleton: ReactNode;
  /** A language tag's name in the page's language (the route passes the catalogue's). */
  languageName: (tag: string) => string;
}

export function SearchResults({ filters, search, renderCourse, skeleton, languageName }: SearchResultsProps) {
  const navigate = useNavigate();
  const first = search.first.data;
  const { courses } = search;
  const chips = activeFilters(filters, languageName);
  // Relevance needs words to be relevant to; without them the marketplace's own order applies.
  const sorts = searchSorts.filter((sort) => sort !== 'relevance' || filters.q);
  const sort: SearchSort = filters.sort ?? (filters.q ? 'relevance' : 'popular');

  if (search.first.isError && !first) {
    return (
      <RegionError
        title={t('search.searchError')}
        description={getErrorMessage(search.first.error, t('search.checkConnection'))}
        onRetry={() => search.first.refetch()}
      />
    );
  }

  return (
    <div aria-busy={search.first.isPlaceholderData || !first}>
      <div className="mb-5 flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm text-muted-foreground">
          {first ? foundCount(first) : t('search.searching')}
        </p>
        <label className="ms-auto flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">{t('search.sortBy')}</span>
          <select
            value={sort}
            onChange={(event) =>
              navigate(hrefWith(filters, { sort: event.target.value as SearchSort }), { preventScrollReset: true })
            }
            className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none"
          >
            {sorts.map((option) => (
              <option key={option} value={option}>
                {sortLabel(option)}
              </option>
            ))}
          </select>
        </label>
      </div>

      {chips.length > 0 ? (
        <ul aria-label={t('search.filtersApplied')} className="mb-5 flex flex-wrap gap-2">
          {chips.map((chip) => (
            <li key={chip.label}>
              <Link
                to={hrefWith(filters, chip.clear)}
                preventScrollReset
                className="inline-flex min-h-8 items-center gap-1.5 rounded-full border bg-secondary px-3 text-sm text-secondary-foreground hover:bg-secondary/80 focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none"
              >
                {chip.label}
                <X className="size-3.5" aria-hidden="true" />
                <span className="sr-only">{t('search.remove')}</span>
              </Link>
            </li>
          ))}
          <li>
            <Link
              to={paths.search.getHref(filters.q ? new URLSearchParams({ q: filters.q }) : undefined)}
              className="inline-flex min-h-8 items-center px-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('search.clearFilters')}
            </Link>
          </li>
        </ul>
      ) : null}

      {!first ? (
        skeleton
      ) : courses.length === 0 ? (
        <NoResults filters={filters} chips={chips} />
      ) : (
        <div className={search.first.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {courses.map((course, index) => (
              <li key={course.id} className="flex">
                {renderCourse(course, index)}
              </li>
            ))}
          </ul>
          {search.hasMore ? (
            <div className="mt-10 flex justify-center">
              <Button variant="outline" size="lg" disabled={search.loadingMore} onClick={search.showMore}>
                {search.loadingMore ? <Spinner /> : null}
                {search.loadingMore ? t('search.loadingMore') : t('search.showMore')}
              </Button>
            </div>
          ) : null}
          {search.moreError ? (
            <p role="alert" className="mt-4 text-center text-sm text-destructive">
              {getErrorMessage(search.moreError, t('search.moreError'))}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}

type Chip = { label: string; clear: Partial<SearchFilters> };

function activeFilters(filters: SearchFilters, languageName: (tag: string) => string): Chip[] {
  const chips: Chip[] = [];
  if (filters.difficulty) chips.push({ label: difficultyLabel(filters.difficulty), clear: { difficulty: undefined } });
  if (filters.language) chips.push({ label: languageName(filters.language), clear: { language: undefined } });
  if (filters.price)
    chips.push({ label: filters.price === 'free' ? t('search.free') : t('search.paid'), clear: { price: undefined } });
  if (filters.minPrice || filters.maxPrice) {
    const label =
      filters.minPrice && filters.maxPrice
        ? t('search.priceBetween', { min: filters.minPrice, max: filters.maxPrice })
        : filters.minPrice
          ? t('search.priceFrom', { min: filters.minPrice })
          : t('search.priceUpTo', { max: filters.maxPrice ?? '' });
    chips.push({ label, clear: { minPrice: undefined, maxPrice: undefined } });
  }
  if (filters.minRating !== undefined) chips.push({ label: minRatingLabel(filters.minRating), clear: { minRating: undefined } });
  if (filters.duration) chips.push({ label: durationLabel(filters.duration), clear: { duration: undefined } });
  return chips;
}

function NoResults({ filters, chips }: { filters: SearchFilters; chips: Chip[] }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <SearchX className="size-7" aria-hidden="true" />
      </span>
      <p className="text-lg font-semibold">{filters.q ? t('search.noMatchFor', { q: filters.q }) : t('search.noMatchFilters')}</p>
      <ul className="grid max-w-md list-disc gap-1 ps-5 text-start text-sm text-muted-foreground">
        {filters.q ? <li>{t('search.checkSpelling')}</li> : null}
        {chips.length > 0 ? <li>{t('search.removeFilter')}</li> : null}
        <li>{t('search.browseEvery')}</li>
      </ul>
      <Button asChild variant="outline" className="mt-2">
        <Link to={paths.search.getHref()}>{t('search.browseAll')}</Link>
      </Button>
    </div>
  );
}

/** '3 courses', or past what the server counts '1,000+ courses'. */
function foundCount({ total, exact }: { total: number; exact: boolean }) {
  const formatted = formatCount(total);
  return exact ? t('search.found', { count: total, formatted }) : t('search.foundAtLeast', { formatted });
}
