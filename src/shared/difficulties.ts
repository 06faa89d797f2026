// A module of its own: the catalogue's pages need only this list, not the others of lists.ts (the
// JavaScript budget, ADR 0016: a bundle takes a module whole).
export const difficulties = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type Difficulty = (typeof difficulties)[number];
