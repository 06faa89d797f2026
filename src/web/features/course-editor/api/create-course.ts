import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import type { CreateCourseBody } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export function createCourse(body: CreateCourseBody): Promise<Course> {
  return apiJson<Course>('POST', '/api/courses', body);
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: (course) => {
      // The builder opens next: it shows the new course at once instead of fetching it again.
      queryClient.setQueryData(queryKeys.course(course.id), course);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.creatorCourses(), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.courses(), exact: true }),
      ]);
    },
  });
}
