import type { LessonType } from '#shared/lists';
import type { ModuleOutline, QuizOutline } from '#shared/schemas/outline';

/** One stop of the player: a lesson of a module, or a standalone quiz. */
export type LearnItem =
  | { kind: 'lesson'; id: string; title: string; type: LessonType; moduleId: string }
  | { kind: 'quiz'; id: string; title: string; questionCount: number };

export type Section = { kind: 'module'; module: ModuleOutline } | { kind: 'quiz'; quiz: QuizOutline };

/** Modules and quizzes in the course's one order (docs/product.md, Publishing and the studio). */
export function orderSections(modules: ModuleOutline[], quizzes: QuizOutline[]): Section[] {
  return [
    ...modules.map((module) => ({ kind: 'module' as const, module, order: module.order })),
    ...quizzes.map((quiz) => ({ kind: 'quiz' as const, quiz, order: quiz.order })),
  ]
    .sort((a, b) => a.order - b.order)
    .map(({ order: _order, ...section }) => section);
}

/** Previous and Next walk every lesson and quiz in order. */
export function flattenItems(sections: Section[]): LearnItem[] {
  return sections.flatMap((section): LearnItem[] =>
    section.kind === 'module'
      ? [...section.module.lessons]
          .sort((a, b) => a.order - b.order)
          .map((lesson) => ({
            kind: 'lesson',
            id: lesson.id,
            title: lesson.title,
            type: lesson.type,
            moduleId: section.module.id,
          }))
      : [{ kind: 'quiz', id: section.quiz.id, title: section.quiz.title, questionCount: section.quiz.questionCount }],
  );
}

/**
 * Where Learn opens without a slide in its address: the first slide not completed or quiz not passed
 * (a quiz without questions cannot be passed and counts for nothing, so it is skipped); the first item
 * once everything is done.
 */
export function resumeItem(
  items: LearnItem[],
  completedLessons: ReadonlySet<string>,
  passedQuizzes: ReadonlySet<string>,
): LearnItem | undefined {
  const unfinished = items.find((item) =>
    item.kind === 'lesson' ? !completedLessons.has(item.id) : item.questionCount > 0 && !passedQuizzes.has(item.id),
  );
  return unfinished ?? items[0];
}
