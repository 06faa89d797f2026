import { queryOptions } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import type { Lesson } from '#shared/schemas/creator';
import type { CourseProgress } from '#shared/schemas/learning';
import type { ModuleOutline, QuizOutline } from '#shared/schemas/outline';
import { apiJson } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

const enc = encodeURIComponent;
const get =
  <T>(url: string) =>
  ({ signal }: { signal: AbortSignal }) =>
    apiJson<T>('GET', url, undefined, { signal });

export const learnCourseQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.course(id), queryFn: get<Course>(`/api/courses/${enc(id)}`) });
export const learnModulesQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.courseModules(id), queryFn: get<ModuleOutline[]>(`/api/courses/${enc(id)}/modules`) });
export const learnQuizzesQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.courseQuizzes(id), queryFn: get<QuizOutline[]>(`/api/courses/${enc(id)}/quizzes`) });
export const progressQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.course(id), 'progress'] as const,
    queryFn: get<CourseProgress>(`/api/courses/${enc(id)}/progress`),
  });
export const eligibilityQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.course(id), 'certificate'] as const,
    queryFn: get<{ eligible: boolean }>(`/api/courses/${enc(id)}/certificate/eligible`),
  });
export const lessonsQuery = (moduleId: string) =>
  queryOptions({ queryKey: queryKeys.moduleLessons(moduleId), queryFn: get<Lesson[]>(`/api/modules/${enc(moduleId)}/lessons`) });
