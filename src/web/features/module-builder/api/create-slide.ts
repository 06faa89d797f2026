import { useMutation } from '@tanstack/react-query';
import type { CreateLessonBody, Lesson } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';
import { useRefreshSlides } from './use-refresh-slides';

export function createSlide({ moduleId, body }: { moduleId: string; body: CreateLessonBody }): Promise<Lesson> {
  return apiJson<Lesson>('POST', `/api/modules/${encodeURIComponent(moduleId)}/lessons`, body);
}

export function useCreateSlide(moduleId: string, courseId: string | undefined) {
  const refresh = useRefreshSlides(moduleId, courseId);
  return useMutation({ mutationFn: (body: CreateLessonBody) => createSlide({ moduleId, body }), onSuccess: refresh });
}
