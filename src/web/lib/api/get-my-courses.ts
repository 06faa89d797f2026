import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyCourse } from '#shared/schemas/enrollment';
import { apiJson } from '#web/lib/api-client';

/** The signed-in student's enrolled courses, each with `progress` (0–100). */
export function getMyCourses({ signal }: { signal?: AbortSignal } = {}): Promise<MyCourse[]> {
  return apiJson<MyCourse[]>('GET', '/api/my-courses', undefined, { signal });
}

export const getMyCoursesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/my-courses'] as const, queryFn: ({ signal }) => getMyCourses({ signal }) });

export function useMyCourses({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMyCoursesQueryOptions(), enabled });
}
