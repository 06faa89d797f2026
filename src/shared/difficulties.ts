// A module of its own: the catalogue's pages need only this list, not the others of lists.ts (the
// JavaScript budget, docs/performance.md, The JavaScript budget: a bundle takes a module whole).
export const difficulties = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type Difficulty = (typeof difficulties)[number];
