import { useMutation } from '@tanstack/react-query';
import type { Lesson, UpdateLessonBody } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';
import { useRefreshSlides } from './use-refresh-slides';

/** Also moves a slide: an `order` equal to a neighbour's swaps the two on the server. */
export function updateSlide({ id, body }: { id: string; body: UpdateLessonBody }): Promise<Lesson> {
  return apiJson<Lesson>('PATCH', `/api/lessons/${encodeURIComponent(id)}`, body);
}

export function useUpdateSlide(moduleId: string, courseId: string | undefined) {
  const refresh = useRefreshSlides(moduleId, courseId);
  return useMutation({ mutationFn: updateSlide, onSuccess: refresh });
}
