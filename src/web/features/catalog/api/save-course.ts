import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSavedCoursesQueryOptions, useSavedCourses } from '#web/lib/api/get-saved-courses';
import { apiJson } from '#web/lib/api-client';

/** Saves the course for later, or forgets it. */
export function saveCourse({ courseId, isSaved }: { courseId: string; isSaved: boolean }): Promise<void> {
  return apiJson<void>(isSaved ? 'PUT' : 'DELETE', `/api/saved-courses/${encodeURIComponent(courseId)}`);
}

/** Whether the signed-in user saved this course, and the toggle (`enabled`: only someone signed in has a list). */
export function useSavedCourse(courseId: string, { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const saved = useSavedCourses({ enabled });
  const toggle = useMutation({
    mutationFn: (isSaved: boolean) => saveCourse({ courseId, isSaved }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getSavedCoursesQueryOptions().queryKey }),
  });
  return { isSaved: saved.data?.some((course) => course.id === courseId) ?? false, toggle };
}
