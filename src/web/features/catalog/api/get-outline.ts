import { queryOptions, useQueries } from '@tanstack/react-query';
import type { ModuleOutline, QuizOutline } from '#shared/schemas/outline';
import { apiJson } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

const enc = encodeURIComponent;

export const courseModulesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.courseModules(id),
    queryFn: ({ signal }) => apiJson<ModuleOutline[]>('GET', `/api/courses/${enc(id)}/modules`, undefined, { signal }),
  });
export const courseQuizzesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.courseQuizzes(id),
    queryFn: ({ signal }) => apiJson<QuizOutline[]>('GET', `/api/courses/${enc(id)}/quizzes`, undefined, { signal }),
  });

/** Titles only: what anyone who may see the course sees of its content (DECISIONS §3). */
export function useCourseOutline(id: string) {
  const [modules, quizzes] = useQueries({ queries: [courseModulesQueryOptions(id), courseQuizzesQueryOptions(id)] });
  const sections = [
    ...(modules.data ?? []).map((module) => ({ kind: 'module' as const, ...module })),
    ...(quizzes.data ?? []).map((quiz) => ({ kind: 'quiz' as const, ...quiz })),
  ].sort((a, b) => a.order - b.order);
  return { sections, isPending: modules.isPending || quizzes.isPending, isError: modules.isError || quizzes.isError };
}
