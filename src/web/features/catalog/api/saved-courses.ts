import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import { apiJson } from '#web/lib/api-client';

const SAVED_KEY = ['/api/saved-courses'] as const;

export function useSavedCourse(courseId: string, { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: SAVED_KEY,
    queryFn: ({ signal }) => apiJson<Course[]>('GET', '/api/saved-courses', undefined, { signal }),
    enabled,
  });
  const toggle = useMutation({
    mutationFn: (save: boolean) => apiJson(save ? 'PUT' : 'DELETE', `/api/saved-courses/${encodeURIComponent(courseId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_KEY }),
  });
  return { isSaved: saved.data?.some((course) => course.id === courseId) ?? false, toggle };
}
