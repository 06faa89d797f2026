import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import type { Lesson, Question } from '#shared/schemas/creator';
import type { ModuleOutline, QuizOutline } from '#shared/schemas/outline';
import { apiJson } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/*
 * Every preview read of a course sits under queryKeys.preview(courseId), so one invalidation after a
 * creator's edit (a slide, a question, the details) refreshes the whole preview.
 */

const enc = encodeURIComponent;
const get = <T>(url: string, signal: AbortSignal) => apiJson<T>('GET', url, undefined, { signal });

export const previewCourseQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: [...queryKeys.preview(courseId), 'course'],
    queryFn: ({ signal }) => get<Course>(`/api/preview/courses/${enc(courseId)}`, signal),
  });

export const previewModulesQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: [...queryKeys.preview(courseId), 'modules'],
    queryFn: ({ signal }) => get<ModuleOutline[]>(`/api/preview/courses/${enc(courseId)}/modules`, signal),
  });

export const previewQuizzesQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: [...queryKeys.preview(courseId), 'quizzes'],
    queryFn: ({ signal }) => get<QuizOutline[]>(`/api/preview/courses/${enc(courseId)}/quizzes`, signal),
  });

export const previewLessonsQueryOptions = (courseId: string, moduleId: string) =>
  queryOptions({
    queryKey: [...queryKeys.preview(courseId), 'modules', moduleId, 'lessons'],
    queryFn: ({ signal }) => get<Lesson[]>(`/api/preview/modules/${enc(moduleId)}/lessons`, signal),
  });

export const previewQuestionsQueryOptions = (courseId: string, quizId: string) =>
  queryOptions({
    queryKey: [...queryKeys.preview(courseId), 'quizzes', quizId, 'questions'],
    queryFn: ({ signal }) => get<Question[]>(`/api/preview/quizzes/${enc(quizId)}/questions`, signal),
  });

export function usePreviewCourse(courseId: string) {
  return useQuery(previewCourseQueryOptions(courseId));
}

export type PreviewSection = ({ kind: 'module' } & ModuleOutline) | ({ kind: 'quiz' } & QuizOutline);

/** Modules and quizzes share one order (SPEC §3), so the preview lists them merged. */
export function usePreviewSections(courseId: string) {
  const [modules, quizzes] = useQueries({
    queries: [previewModulesQueryOptions(courseId), previewQuizzesQueryOptions(courseId)],
  });
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

export function usePreviewLessons(courseId: string, moduleId: string) {
  return useQuery(previewLessonsQueryOptions(courseId, moduleId));
}

export function usePreviewQuestions(courseId: string, quizId: string) {
  return useQuery(previewQuestionsQueryOptions(courseId, quizId));
}
