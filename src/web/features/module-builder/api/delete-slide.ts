import { useMutation } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client';
import { useRefreshSlides } from './use-refresh-slides';

export function deleteSlide({ id }: { id: string }): Promise<void> {
  return apiJson<void>('DELETE', `/api/lessons/${encodeURIComponent(id)}`);
}

export function useDeleteSlide(moduleId: string, courseId: string | undefined) {
  const refresh = useRefreshSlides(moduleId, courseId);
  return useMutation({ mutationFn: deleteSlide, onSuccess: refresh });
}
