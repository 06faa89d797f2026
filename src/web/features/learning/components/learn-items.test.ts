import { describe, expect, it } from 'vitest';
import { type LearnItem, resumeItem } from './learn-items';

const lesson = (id: string): LearnItem => ({ kind: 'lesson', id, title: id, type: 'text', moduleId: 'm' });
const quiz = (id: string, questionCount = 2): LearnItem => ({ kind: 'quiz', id, title: id, questionCount });

describe('resumeItem', () => {
  const items = [lesson('a'), lesson('b'), quiz('empty', 0), quiz('q'), lesson('c')];

  it('opens at the first slide not completed or quiz not passed', () => {
    expect(resumeItem(items, new Set(), new Set())?.id).toBe('a');
    expect(resumeItem(items, new Set(['a']), new Set())?.id).toBe('b');
    expect(resumeItem(items, new Set(['a', 'b']), new Set())?.id).toBe('q');
    expect(resumeItem(items, new Set(['a', 'b']), new Set(['q']))?.id).toBe('c');
    expect(resumeItem(items, new Set(['b']), new Set(['q']))?.id).toBe('a');
  });

  it('opens at the start once everything is done, and has nothing in an empty course', () => {
    expect(resumeItem(items, new Set(['a', 'b', 'c']), new Set(['q']))?.id).toBe('a');
    expect(resumeItem([], new Set(), new Set())).toBeUndefined();
  });
});
