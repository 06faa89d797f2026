import { useMutation } from '@tanstack/react-query';
import type { CreateSectionBody, Module, Quiz } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';
import { type SectionKind, sectionPaths } from '../lib/sections';
import { useRefreshContent } from './use-refresh-content';

export function createSection({
  kind,
  courseId,
  body,
}: {
  kind: SectionKind;
  courseId: string;
  body: CreateSectionBody;
}): Promise<Module | Quiz> {
  return apiJson<Module | Quiz>('POST', sectionPaths[kind].create(courseId), body);
}

export function useCreateSection(kind: SectionKind, courseId: string) {
  const refresh = useRefreshContent(courseId);
  return useMutation({
    mutationFn: (body: CreateSectionBody) => createSection({ kind, courseId, body }),
    // A new module holds no lessons yet; a new quiz is one more thing to pass.
    onSuccess: () => refresh([kind], { isProgressChanged: kind === 'quiz' }),
  });
}
