import { useQuery } from '@tanstack/react-query';
import type { ModuleOutline, QuizOutline } from '#shared/schemas/outline';
import { getPreviewModulesQueryOptions } from '../api/get-preview-modules';
import { getPreviewQuizzesQueryOptions } from '../api/get-preview-quizzes';

export type PreviewSection = ({ kind: 'module' } & ModuleOutline) | ({ kind: 'quiz' } & QuizOutline);

/**
 * Modules and quizzes share one order (docs/product.md, Publishing and the studio), so the preview lists them
 * merged.
 */
export function usePreviewSections(courseId: string) {
  const modules = useQuery(getPreviewModulesQueryOptions(courseId));
  const quizzes = useQuery(getPreviewQuizzesQueryOptions(courseId));
  const sections: PreviewSection[] = [
    ...(modules.data ?? []).map((module) => ({ kind: 'module' as const, ...module })),
    ...(quizzes.data ?? []).map((quiz) => ({ kind: 'quiz' as const, ...quiz })),
  ].sort((a, b) => a.order - b.order);
  return {
    sections,
    isPending: modules.isPending || quizzes.isPending,
    isError: modules.isError || quizzes.isError,
    refetch: () => Promise.all([modules.refetch(), quizzes.refetch()]),
  };
}
