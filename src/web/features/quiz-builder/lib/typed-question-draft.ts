import {
  type CreateAnyQuestionBody,
  CreateAnyQuestionBodySchema,
  type CreatorCodeQuestion,
  type CreatorTypedQuestion,
} from '#shared/schemas/creator';
import type { LearnerCodeQuestion, LearnerTypedQuestion, TypedQuestionType } from '#shared/schemas/questions';
import { toFieldErrors } from '#web/lib/form';
import { t } from '#web/lib/i18n/t';

/** Every type the typed form builds: those answered by a value, and code. */
export type BuilderQuestionType = TypedQuestionType | 'code';
/** A question the typed form edits, as its creator gets it (with its answer or tests). */
export type BuilderQuestion = CreatorTypedQuestion | CreatorCodeQuestion;

/** The question types the builder offers besides the single choice, in its menu's order. */
export const TYPED_QUESTION_TYPES: readonly BuilderQuestionType[] = [
  'multiple',
  'true_false',
  'short_text',
  'numeric',
  'ordering',
  'code',
];

/** A question type's name as creators see it. */
export function typedQuestionLabel(type: BuilderQuestionType): string {
  switch (type) {
    case 'multiple':
      return t('quizBuilder.typeMultiple');
    case 'true_false':
      return t('quizBuilder.typeTrueFalse');
    case 'short_text':
      return t('quizBuilder.typeShortText');
    case 'numeric':
      return t('quizBuilder.typeNumeric');
    case 'ordering':
      return t('quizBuilder.typeOrdering');
    case 'code':
      return t('quizBuilder.typeCode');
  }
}

/** Everything the typed form edits; each type reads its own part (docs/product.md, Learning). */
export type TypedQuestionDraft = {
  type: BuilderQuestionType;
  question: string;
  explanation: string;
  /** Multiple answers and ordering (in the right order); short text's accepted answers. */
  items: string[];
  /** Places in `items` that are correct (multiple answers). */
  correct: number[];
  isTrue: boolean;
  correctNumber: string;
  tolerance: string;
  /** Code: what the learner's editor starts with, and the Python run after their code to grade it. */
  starterCode: string;
  testCode: string;
};

export function emptyTypedDraft(type: BuilderQuestionType): TypedQuestionDraft {
  return {
    type,
    question: '',
    explanation: '',
    items: type === 'short_text' ? [''] : ['', ''],
    correct: [],
    isTrue: true,
    correctNumber: '',
    tolerance: '0',
    starterCode: '',
    testCode: '',
  };
}

export function toTypedDraft(question: BuilderQuestion): TypedQuestionDraft {
  const draft = { ...emptyTypedDraft(question.type), question: question.question, explanation: question.explanation ?? '' };
  switch (question.type) {
    case 'multiple':
      return { ...draft, items: question.choices, correct: question.correctChoices.map((place) => place - 1) };
    case 'ordering':
      return { ...draft, items: question.choices };
    case 'true_false':
      return { ...draft, isTrue: question.correctAnswer };
    case 'short_text':
      return { ...draft, items: question.acceptedAnswers };
    case 'numeric':
      return { ...draft, correctNumber: String(question.correctNumber), tolerance: String(question.tolerance) };
    case 'code':
      return { ...draft, starterCode: question.starterCode, testCode: question.testCode };
  }
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

/** The request body, checked by the schema the server applies; or the fields it refuses, with its words. */
export function toTypedQuestionBody(
  draft: TypedQuestionDraft,
  order: number,
): { body: CreateAnyQuestionBody; fieldErrors: null } | { body: null; fieldErrors: Record<string, string> } {
  const common = { question: draft.question.trim(), explanation: draft.explanation.trim() || null, order };
  const items = draft.items.map((item) => item.trim());
  const body: CreateAnyQuestionBody = (() => {
    switch (draft.type) {
      case 'multiple':
        return { ...common, type: draft.type, choices: items, correctChoices: draft.correct.map((index) => index + 1) };
      case 'ordering':
        return { ...common, type: draft.type, choices: items };
      case 'true_false':
        return { ...common, type: draft.type, correctAnswer: draft.isTrue };
      case 'short_text':
        return { ...common, type: draft.type, acceptedAnswers: items };
      case 'numeric':
        return {
          ...common,
          type: draft.type,
          correctNumber: numberOf(draft.correctNumber),
          tolerance: numberOf(draft.tolerance),
        };
      case 'code':
        // Code is kept as written: indentation and blank lines are the creator's.
        return { ...common, type: draft.type, language: 'python', starterCode: draft.starterCode, testCode: draft.testCode };
    }
  })();
  const parsed = CreateAnyQuestionBodySchema.safeParse(body);
  return parsed.success ? { body, fieldErrors: null } : { body: null, fieldErrors: toFieldErrors(parsed.error) };
}

/** The draft as a learner will see it, for the form's preview (choices in the order written; never the tests). */
export function previewOf(draft: TypedQuestionDraft): LearnerTypedQuestion | LearnerCodeQuestion {
  if (draft.type === 'code') {
    return {
      id: 'preview',
      quizId: 'preview',
      type: 'code',
      question: draft.question.trim() || t('quizBuilder.yourQuestion'),
      language: 'python',
      starterCode: draft.starterCode,
      choices: [],
      order: 0,
    };
  }
  const hasChoices = draft.type === 'multiple' || draft.type === 'ordering';
  return {
    id: 'preview',
    quizId: 'preview',
    type: draft.type,
    question: draft.question.trim() || t('quizBuilder.yourQuestion'),
    choices: hasChoices
      ? draft.items.map((text, index) => ({
          id: String(index),
          text: text.trim() || t('quizBuilder.choiceN', { number: index + 1 }),
        }))
      : [],
    order: 0,
  };
}
