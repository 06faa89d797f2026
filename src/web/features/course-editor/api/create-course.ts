import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import type { CreateCourseBody } from '#shared/schemas/creator';
import { getCourseQueryOptions } from '#web/lib/api/get-course';
import { courseListsQueryKey } from '#web/lib/api/get-courses';
import { getCreatorCoursesQueryOptions } from '#web/lib/api/get-creator-courses';
import { apiJson } from '#web/lib/api-client';

export function createCourse(body: CreateCourseBody): Promise<Course> {
  return apiJson<Course>('POST', '/api/courses', body);
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: (course) => {
      // The builder opens next: it shows the new course at once instead of fetching it again.
      queryClient.setQueryData(getCourseQueryOptions(course.id).queryKey, course);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: getCreatorCoursesQueryOptions().queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: courseListsQueryKey }),
      ]);
    },
  });
}
