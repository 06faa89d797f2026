import { describe, expect, it } from 'vitest';
import { selectionAfterDelete } from './module-builder';
import { checkQuestion } from './quiz-builder';

const draft = (options: [string, string, string, string], correctAnswer = 1, question = 'Q?') => ({
  question,
  options,
  correctAnswer,
});

describe('the question form rules (SPEC §5)', () => {
  it('needs the question and options A and B', () => {
    const incomplete = {
      title: 'Incomplete form',
      description: 'Please fill in the question and at least 2 answer options (A and B).',
    };
    expect(checkQuestion(draft(['a', 'b', '', ''], 1, '  '))).toEqual(incomplete);
    expect(checkQuestion(draft(['a', '', 'c', ''], 1))).toEqual(incomplete);
    expect(checkQuestion(draft(['a', 'b', '', '']))).toBeNull();
  });

  it('takes a correct answer only among the filled options', () => {
    const invalid = { title: 'Invalid correct answer', description: 'Please select a correct answer from the filled options.' };
    expect(checkQuestion(draft(['a', 'b', '', ''], 3))).toEqual(invalid);
    expect(checkQuestion(draft(['a', 'b', 'c', ''], 4))).toEqual(invalid);
    expect(checkQuestion(draft(['a', 'b', 'c', ''], 3))).toBeNull();
    expect(checkQuestion(draft(['a', 'b', 'c', 'd'], 4))).toBeNull();
  });
});

describe('the slide selection after a delete (SPEC §4)', () => {
  it('moves back by one after deleting the last slide and stays put otherwise', () => {
    expect(selectionAfterDelete(2, 2)).toBe(1);
    expect(selectionAfterDelete(0, 2)).toBe(0);
    expect(selectionAfterDelete(1, 2)).toBe(1);
    expect(selectionAfterDelete(0, 0)).toBe(0);
  });
});
