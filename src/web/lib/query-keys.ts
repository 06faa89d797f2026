/*
 * Query keys of data that one feature reads and another changes (a slide edit in the module builder
 * must refresh the preview and the creator's list). Features cannot import each other, so the keys
 * live here; each key starts with the API path it caches, so invalidating a prefix reaches every
 * query below it.
 */
export const queryKeys = {
  courses: () => ['/api/courses'] as const,
  course: (id: string) => ['/api/courses', id] as const,
  courseModules: (courseId: string) => ['/api/courses', courseId, 'modules'] as const,
  courseQuizzes: (courseId: string) => ['/api/courses', courseId, 'quizzes'] as const,
  module: (id: string) => ['/api/modules', id] as const,
  moduleLessons: (moduleId: string) => ['/api/modules', moduleId, 'lessons'] as const,
  quiz: (id: string) => ['/api/quizzes', id] as const,
  quizQuestions: (quizId: string) => ['/api/quizzes', quizId, 'questions'] as const,
  creatorCourses: () => ['/api/creator/courses'] as const,
  creatorStats: () => ['/api/creator/stats'] as const,
  courseAnalytics: (courseId: string) => ['/api/creator/courses', courseId, 'analytics'] as const,
  courseStudents: (courseId: string) => ['/api/creator/courses', courseId, 'students'] as const,
  /** Every preview query of one course (the course, its outline, lessons and questions). */
  preview: (courseId: string) => ['/api/preview', courseId] as const,
};
