import { type CreateQuestionBody, CreateQuestionBodySchema, type Question } from '#shared/schemas/creator';
import { toFieldErrors } from '#web/lib/form';
import { t } from '#web/lib/i18n/t';

export const OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const;
export type OptionLetter = (typeof OPTION_LETTERS)[number];

export interface QuestionDraft {
  question: string;
  options: Record<OptionLetter, string>;
  /** 1 to 4, A to D; 1 unless chosen (docs/product.md, Publishing and the studio). */
  correctAnswer: number;
  /** Shown to learners after they answer; optional. */
  explanation: string;
}

export const emptyQuestionDraft: QuestionDraft = {
  question: '',
  options: { A: '', B: '', C: '', D: '' },
  correctAnswer: 1,
  explanation: '',
};

/** A stored question as the form edits it. */
export function toQuestionDraft(question: Question): QuestionDraft {
  return {
    question: question.question,
    options: { A: question.optionA, B: question.optionB, C: question.optionC ?? '', D: question.optionD ?? '' },
    correctAnswer: question.correctAnswer ?? 1,
    explanation: question.explanation ?? '',
  };
}

export const isFilled = (text: string) => text.trim() !== '';

/**
 * The radio choices for C and D appear only when those options are filled
 * (docs/product.md, Publishing and the studio).
 */
export function answerChoices(draft: QuestionDraft): { letter: OptionLetter; value: number }[] {
  return OPTION_LETTERS.map((letter, index) => ({ letter, value: index + 1 })).filter(
    ({ letter }) => letter === 'A' || letter === 'B' || isFilled(draft.options[letter]),
  );
}

export type DraftProblem = {
  title: string;
  description: string;
  /** The fields to mark, the first one to focus. */
  fields: ('question' | OptionLetter | 'correctAnswer')[];
};

/** The two rules, in the product's fixed words: question, A and B required; the answer among the filled options. */
export function checkQuestionDraft(draft: QuestionDraft): DraftProblem | null {
  const missing = (['question', 'A', 'B'] as const).filter((field) =>
    field === 'question' ? !isFilled(draft.question) : !isFilled(draft.options[field]),
  );
  if (missing.length > 0) {
    return {
      title: t('quizBuilder.incompleteForm'),
      description: t('quizBuilder.incompleteFormDescription'),
      fields: missing,
    };
  }
  const filledCount = OPTION_LETTERS.filter((letter) => isFilled(draft.options[letter])).length;
  const chosen = OPTION_LETTERS[draft.correctAnswer - 1];
  if (draft.correctAnswer > filledCount || !chosen || !isFilled(draft.options[chosen])) {
    return {
      title: t('quizBuilder.invalidCorrectAnswer'),
      description: t('quizBuilder.invalidCorrectAnswerDescription'),
      fields: ['correctAnswer'],
    };
  }
  return null;
}

/**
 * The request body, checked by the same schema the server applies (e.g. D filled but C empty), so
 * such a question is refused with the server's words before it is sent.
 */
export function toCreateQuestionBody(
  draft: QuestionDraft,
  order: number,
): { body: CreateQuestionBody; fieldErrors: null } | { body: null; fieldErrors: Record<string, string> } {
  const body: CreateQuestionBody = {
    question: draft.question.trim(),
    optionA: draft.options.A.trim(),
    optionB: draft.options.B.trim(),
    optionC: draft.options.C.trim() || null,
    optionD: draft.options.D.trim() || null,
    correctAnswer: draft.correctAnswer,
    explanation: draft.explanation.trim() || null,
    order,
  };
  const parsed = CreateQuestionBodySchema.safeParse(body);
  return parsed.success ? { body, fieldErrors: null } : { body: null, fieldErrors: toFieldErrors(parsed.error) };
}
