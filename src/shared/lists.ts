/** The fixed lists of the product, used by the database schema, the API contracts, the seed and the web. */
export const difficulties = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type Difficulty = (typeof difficulties)[number];

export const userRoles = ['student', 'creator'] as const;
export type UserRole = (typeof userRoles)[number];

export const lessonTypes = ['text', 'image', 'video'] as const;
export type LessonType = (typeof lessonTypes)[number];

/** The fields each slide type may carry; a text slide may hold an image beside its text (ADR 0024). */
export const slideFields: Readonly<Record<LessonType, ReadonlyArray<'content' | 'imageUrl' | 'videoUrl'>>> = {
  text: ['content', 'imageUrl'],
  image: ['imageUrl'],
  video: ['videoUrl'],
};
