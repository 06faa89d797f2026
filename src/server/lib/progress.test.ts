import { describe, expect, it } from 'vitest';
import { isPassingScore, progressPercent } from './progress';

describe('progressPercent', () => {
  it('counts completed lessons and passed quizzes over everything in the course', () => {
    expect(progressPercent({ lessons: 3, quizzes: 1, completedLessons: 2, passedQuizzes: 0 })).toBe(50);
    expect(progressPercent({ lessons: 3, quizzes: 1, completedLessons: 3, passedQuizzes: 1 })).toBe(100);
    expect(progressPercent({ lessons: 2, quizzes: 1, completedLessons: 1, passedQuizzes: 0 })).toBe(33);
    expect(progressPercent({ lessons: 2, quizzes: 1, completedLessons: 2, passedQuizzes: 0 })).toBe(67);
  });

  it('is 0 for a course with no content rather than dividing by zero', () => {
    expect(progressPercent({ lessons: 0, quizzes: 0, completedLessons: 0, passedQuizzes: 0 })).toBe(0);
  });
});

describe('isPassingScore', () => {
  it('passes at 80 percent or more', () => {
    expect(isPassingScore(4, 5)).toBe(true);
    expect(isPassingScore(3, 4)).toBe(false);
    expect(isPassingScore(5, 5)).toBe(true);
    expect(isPassingScore(0, 0)).toBe(false);
  });
});
