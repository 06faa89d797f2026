import { queryOptions } from '@tanstack/react-query';
import type { Course } from '#shared/schemas/catalog';
import type { CourseAnalytics, CourseStudent, CreatorStats, Lesson, Module, Question, Quiz } from '#shared/schemas/creator';
import type { ModuleOutline, QuizOutline } from '#shared/schemas/outline';
import { apiJson } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

const get =
  <T>(url: string) =>
  ({ signal }: { signal: AbortSignal }) =>
    apiJson<T>('GET', url, undefined, { signal });
const id = encodeURIComponent;

export const creatorCoursesQuery = () =>
  queryOptions({ queryKey: queryKeys.creatorCourses(), queryFn: get<Course[]>('/api/creator/courses') });
export const creatorStatsQuery = () =>
  queryOptions({ queryKey: queryKeys.creatorStats(), queryFn: get<CreatorStats>('/api/creator/stats') });
export const courseAnalyticsQuery = (courseId: string) =>
  queryOptions({
    queryKey: queryKeys.courseAnalytics(courseId),
    queryFn: get<CourseAnalytics>(`/api/creator/courses/${id(courseId)}/analytics`),
  });
export const courseStudentsQuery = (courseId: string) =>
  queryOptions({
    queryKey: queryKeys.courseStudents(courseId),
    queryFn: get<CourseStudent[]>(`/api/creator/courses/${id(courseId)}/students`),
  });
export const courseQuery = (courseId: string) =>
  queryOptions({ queryKey: queryKeys.course(courseId), queryFn: get<Course>(`/api/courses/${id(courseId)}`) });
export const courseModulesQuery = (courseId: string) =>
  queryOptions({
    queryKey: queryKeys.courseModules(courseId),
    queryFn: get<ModuleOutline[]>(`/api/courses/${id(courseId)}/modules`),
  });
export const courseQuizzesQuery = (courseId: string) =>
  queryOptions({
    queryKey: queryKeys.courseQuizzes(courseId),
    queryFn: get<QuizOutline[]>(`/api/courses/${id(courseId)}/quizzes`),
  });
export const moduleQuery = (moduleId: string) =>
  queryOptions({ queryKey: queryKeys.module(moduleId), queryFn: get<Module>(`/api/modules/${id(moduleId)}`) });
export const moduleLessonsQuery = (moduleId: string) =>
  queryOptions({
    queryKey: queryKeys.moduleLessons(moduleId),
    queryFn: get<Lesson[]>(`/api/modules/${id(moduleId)}/lessons`),
  });
export const quizQuery = (quizId: string) =>
  queryOptions({ queryKey: queryKeys.quiz(quizId), queryFn: get<Quiz>(`/api/quizzes/${id(quizId)}`) });
export const quizQuestionsQuery = (quizId: string) =>
  queryOptions({
    queryKey: queryKeys.quizQuestions(quizId),
    queryFn: get<Question[]>(`/api/quizzes/${id(quizId)}/questions`),
  });
