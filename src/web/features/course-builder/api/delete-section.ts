import { useMutation } from '@tanstack/react-query';
import { apiJson } from '#web/lib/api-client';
import { type SectionKind, sectionPaths } from '../lib/sections';
import { useRefreshContent } from './use-refresh-content';

export function deleteSection({ kind, id }: { kind: SectionKind; id: string }): Promise<void> {
  return apiJson<void>('DELETE', sectionPaths[kind].item(id));
}

export function useDeleteSection(courseId: string) {
  const refresh = useRefreshContent(courseId);
  return useMutation({
    mutationFn: deleteSection,
    // The server renumbers the items after the deleted one, modules and quizzes alike.
    onSuccess: () => refresh(['module', 'quiz'], { isProgressChanged: true }),
  });
}
