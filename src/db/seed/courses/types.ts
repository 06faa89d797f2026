import type { Difficulty } from '#shared/lists';
export type SeedLesson = { title: string; type: 'text'; content: string; duration?: string };
export type SeedModule = { kind: 'module'; title: string; description?: string; lessons: SeedLesson[] };
export type SeedQuestion = {
  question: string;
  options: [string, string] | [string, string, string] | [string, string, string, string];
  /** 1-based index into options */
  correctAnswer: 1 | 2 | 3 | 4;
};
export type SeedQuiz = { kind: 'quiz'; title: string; description?: string; questions: SeedQuestion[] };
export type SeedCourse = {
  slug: string;
  title: string;
  /** HTML: only <p>, <strong>, <em>, <u>, <ol>, <ul>, <li>, <br> */
  description: string;
  priceCents: number;
  difficulty: Difficulty;
  duration: string;
  items: Array<SeedModule | SeedQuiz>;
};
