import { describe, expect, it } from 'vitest';
import type { CreatorCodeQuestion } from '#shared/schemas/creator';
import { emptyTypedDraft, previewOf, toTypedDraft, toTypedQuestionBody } from './typed-question-draft';

const codeDraft = {
  ...emptyTypedDraft('code'),
  question: '  Write add(a, b).  ',
  starterCode: 'def add(a, b):\n    pass\n',
  testCode: '\nassert add(2, 3) == 5\n',
};

describe('a code question draft', () => {
  it('becomes a python code question with its code kept as written', () => {
    expect(toTypedQuestionBody(codeDraft, 3)).toEqual({
      fieldErrors: null,
      body: {
        type: 'code',
        language: 'python',
        question: 'Write add(a, b).',
        explanation: null,
        order: 3,
        starterCode: 'def add(a, b):\n    pass\n',
        testCode: '\nassert add(2, 3) == 5\n',
      },
    });
  });

  it('is refused without tests, on the tests field, in the schema’s words', () => {
    expect(toTypedQuestionBody({ ...codeDraft, testCode: '  \n ' }, 1)).toEqual({
      body: null,
      fieldErrors: { testCode: 'Tests are required' },
    });
  });

  it('may start learners with an empty editor', () => {
    expect(toTypedQuestionBody({ ...codeDraft, starterCode: '' }, 1).body).toMatchObject({ starterCode: '' });
  });

  it('previews as learners get it: the starter code, never the tests', () => {
    const preview = previewOf(codeDraft);
    expect(preview).toMatchObject({ type: 'code', language: 'python', starterCode: codeDraft.starterCode, choices: [] });
    expect(JSON.stringify(preview)).not.toContain('assert');
  });

  it('is filled in from a stored question for editing', () => {
    const stored: CreatorCodeQuestion = {
      id: 'q1',
      quizId: 'quiz-1',
      type: 'code',
      question: 'Write add(a, b).',
      explanation: 'Return, do not print.',
      order: 2,
      language: 'python',
      starterCode: 'def add(a, b):\n',
      testCode: 'assert add(1, 1) == 2',
    };
    expect(toTypedDraft(stored)).toMatchObject({
      type: 'code',
      question: 'Write add(a, b).',
      explanation: 'Return, do not print.',
      starterCode: 'def add(a, b):\n',
      testCode: 'assert add(1, 1) == 2',
    });
  });
});
