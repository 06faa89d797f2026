import { type CreateAnyQuestionBody, CreateAnyQuestionBodySchema, type CreatorTypedQuestion } from '#shared/schemas/creator';
import type { LearnerTypedQuestion, TypedQuestionType } from '#shared/schemas/questions';
import { toFieldErrors } from '#web/lib/form';

/** The question types the builder offers besides the single choice, with the names creators see. */
export const TYPED_QUESTION_LABELS: Record<TypedQuestionType, string> = {
  multiple: 'Multiple answers',
  true_false: 'True or false',
  short_text: 'Short text',
  numeric: 'Number',
  ordering: 'Ordering',
};

/** Everything the typed form edits; each type reads its own part (docs/product.md, Learning). */
export type TypedQuestionDraft = {
  type: TypedQuestionType;
  question: string;
  explanation: string;
  /** Multiple answers and ordering (in the right order); short text's accepted answers. */
  items: string[];
  /** Places in `items` that are correct (multiple answers). */
  correct: number[];
  isTrue: boolean;
  correctNumber: string;
  tolerance: string;
};

export function emptyTypedDraft(type: TypedQuestionType): TypedQuestionDraft {
  return {
    type,
    question: '',
    explanation: '',
    items: type === 'short_text' ? [''] : ['', ''],
    correct: [],
    isTrue: true,
    correctNumber: '',
    tolerance: '0',
  };
}

export function toTypedDraft(question: CreatorTypedQuestion): TypedQuestionDraft {
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
    }
  })();
  const parsed = CreateAnyQuestionBodySchema.safeParse(body);
  return parsed.success ? { body, fieldErrors: null } : { body: null, fieldErrors: toFieldErrors(parsed.error) };
}

/** The draft as a learner will see it, for the form's preview (choices in the order written). */
export function previewOf(draft: TypedQuestionDraft): LearnerTypedQuestion {
  const hasChoices = draft.type === 'multiple' || draft.type === 'ordering';
  return {
    id: 'preview',
    quizId: 'preview',
    type: draft.type,
    question: draft.question.trim() || 'Your question',
    choices: hasChoices
      ? draft.items.map((text, index) => ({ id: String(index), text: text.trim() || `Choice ${index + 1}` }))
      : [],
    order: 0,
  };
}
