import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import { getCourseQueryOptions } from '#web/lib/api/get-course';
import { courseListsQueryKey } from '#web/lib/api/get-courses';
import { getCreatorCoursesQueryOptions } from '#web/lib/api/get-creator-courses';
import { getCreatorStatsQueryOptions } from '#web/lib/api/get-creator-stats';
import { getPreviewCourseQueryOptions } from '#web/lib/api/get-preview-course';
import { apiJson } from '#web/lib/api-client';
import { getPublishChecklistQueryOptions } from './get-publish-checklist';

export function publishCourse({ id }: { id: string }): Promise<Course> {
  return apiJson<Course>('POST', `/api/courses/${encodeURIComponent(id)}/publish`, {});
}

/** Back to a draft: out of the marketplace, enrolled students keep it. */
export function unpublishCourse({ id }: { id: string }): Promise<Course> {
  return apiJson<Course>('POST', `/api/courses/${encodeURIComponent(id)}/unpublish`, {});
}

/** A change of status moves the course in or out of the marketplace and the dashboard's Active Courses count. */
function refreshStatus(queryClient: QueryClient, course: Course) {
  queryClient.setQueryData(getCourseQueryOptions(course.id).queryKey, course);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: getCreatorCoursesQueryOptions().queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: getCreatorStatsQueryOptions().queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: courseListsQueryKey }),
    queryClient.invalidateQueries({ queryKey: getPreviewCourseQueryOptions(course.id).queryKey }),
    queryClient.invalidateQueries({ queryKey: getPublishChecklistQueryOptions(course.id).queryKey, exact: true }),
  ]);
}

// The refreshes are not awaited: the builder shows the new status (and its notice) at once, not after five refetches.
export function usePublishCourse() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishCourse, onSuccess: (course) => void refreshStatus(queryClient, course) });
}

export function useUnpublishCourse() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unpublishCourse, onSuccess: (course) => void refreshStatus(queryClient, course) });
}
