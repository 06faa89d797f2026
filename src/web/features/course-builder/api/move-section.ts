import { useMutation } from '@tanstack/react-query';
import type { Module, Quiz } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';
import { type SectionKind, sectionPaths } from '../lib/sections';
import { useRefreshContent } from './use-refresh-content';

/** The item takes its neighbour's order value; the server swaps the two (docs/product.md, Publishing and the studio). */
export function moveSection({ kind, id, order }: { kind: SectionKind; id: string; order: number }): Promise<Module | Quiz> {
  return apiJson<Module | Quiz>('PATCH', sectionPaths[kind].item(id), { order });
}

export function useMoveSection(courseId: string) {
  const refresh = useRefreshContent(courseId);
  return useMutation({
    mutationFn: moveSection,
    // The neighbour may be of the other kind, and a failed move may mean the list is stale: both lists again.
    onSettled: () => refresh(['module', 'quiz'], { isProgressChanged: false }),
  });
}
