import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type SearchFilters, searchParamsOf } from '#shared/course-search';
import type { Course } from '#shared/schemas/catalog';
import type { CourseSearchResult } from '#shared/schemas/search';
import { apiJson } from '#web/lib/api-client';

function fetchSearchPage(filters: SearchFilters, cursor: string | null, signal?: AbortSignal) {
  const params = searchParamsOf(filters);
  if (cursor) params.set('cursor', cursor);
  return apiJson<CourseSearchResult>('GET', `/api/courses/search?${params}`, undefined, { signal });
}

/**
 * A search's first page (a query, so the server draws it and the browser takes it over), then the
 * pages asked for with "Show more". While another search loads, the last one stays on screen. Not
 * TanStack's infinite query: its observer would add 0.3 KB gzip to every page's shared chunk.
 */
export function useCourseSearch(filters: SearchFilters) {
  const key = searchParamsOf(filters).toString();
  const first = useQuery({
    queryKey: ['/api/courses/search', key] as const,
    queryFn: ({ signal }) => fetchSearchPage(filters, null, signal),
    placeholderData: keepPreviousData,
  });
  const [more, setMore] = useState<{ key: string; pages: CourseSearchResult[] }>({ key, pages: [] });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);

  const shown = first.data && !first.isPlaceholderData && more.key === key ? more.pages : [];
  const last = shown.at(-1) ?? first.data;
  // A first page fetched again may overlap a later one: each course once.
  const seen = new Set<string>();
  const courses: Course[] = [];
  for (const page of first.data ? [first.data, ...shown] : []) {
    for (const course of page.items) {
      if (seen.has(course.id)) continue;
      seen.add(course.id);
      courses.push(course);
    }
  }

  const showMore = async () => {
    const cursor = last?.nextCursor;
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await fetchSearchPage(filters, cursor);
      setMore((current) => ({ key, pages: [...(current.key === key ? current.pages : []), page] }));
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  };

  return {
    first,
    courses,
    hasMore: Boolean(last?.nextCursor),
    showMore,
    loadingMore,
    moreError,
  };
}

export type CourseSearch = ReturnType<typeof useCourseSearch>;
