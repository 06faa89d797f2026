import { useQuery } from '@tanstack/react-query';
import { getCourseModulesQueryOptions } from '#web/lib/api/get-course-modules';
import { getCourseQuizzesQueryOptions } from '#web/lib/api/get-course-quizzes';

/**
 * Titles only, modules and quizzes in their one order: what anyone who may see the course sees of its content
 * (docs/product.md, Accounts and access).
 */
export function useCourseOutline(id: string) {
  // Two useQuery calls rather than useQueries: the same two parallel reads, without adding useQueries'
  // observer to the React chunk every page loads first (js-budget.spec.ts).
  const modules = useQuery(getCourseModulesQueryOptions(id));
  const quizzes = useQuery(getCourseQuizzesQueryOptions(id));
  const sections = [
    ...(modules.data ?? []).map((module) => ({ kind: 'module' as const, ...module })),
    ...(quizzes.data ?? []).map((quiz) => ({ kind: 'quiz' as const, ...quiz })),
  ].sort((a, b) => a.order - b.order);
  return { sections, isPending: modules.isPending || quizzes.isPending, isError: modules.isError || quizzes.isError };
}
