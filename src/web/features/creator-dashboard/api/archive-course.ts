import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import { apiJson } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** DELETE archives rather than deletes: enrolled students keep the course (SPEC §4). */
export function archiveCourse({ courseId }: { courseId: string }): Promise<Course> {
  return apiJson<Course>('DELETE', `/api/courses/${encodeURIComponent(courseId)}`);
}

export function useArchiveCourse({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (course: Course) => archiveCourse({ courseId: course.id }),
    onSuccess: async (archived) => {
      // Show the badge at once; the refetches below confirm it and update the figures.
      queryClient.setQueryData<Course[]>(queryKeys.creatorCourses(), (courses) =>
        courses?.map((course) => (course.id === archived.id ? { ...course, ...archived } : course)),
      );
      onSuccess?.();
      await Promise.all(
        [queryKeys.creatorCourses(), queryKeys.creatorStats(), queryKeys.courses(), queryKeys.course(archived.id)].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey, exact: true }),
        ),
      );
    },
    onError,
  });
}
