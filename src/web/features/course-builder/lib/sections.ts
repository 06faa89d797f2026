/** Modules and quizzes: the two kinds of section a course is built from, sharing one order sequence. */
export type SectionKind = 'module' | 'quiz';

const id = encodeURIComponent;

export const sectionPaths = {
  module: {
    create: (courseId: string) => `/api/courses/${id(courseId)}/modules`,
    item: (sectionId: string) => `/api/modules/${id(sectionId)}`,
  },
  quiz: {
    create: (courseId: string) => `/api/courses/${id(courseId)}/quizzes`,
    item: (sectionId: string) => `/api/quizzes/${id(sectionId)}`,
  },
} as const satisfies Record<SectionKind, { create: (courseId: string) => string; item: (sectionId: string) => string }>;
