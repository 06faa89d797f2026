import { directionOf } from '#shared/i18n/locales';
import type { AnyQuestion } from '#shared/schemas/creator';
import type { AttemptAnswer } from '#shared/schemas/learning';
import type { AnswerValue, LearnerCodeQuestion, LearnerTypedQuestion } from '#shared/schemas/questions';
import { currentLocale, intlLocale } from '#web/lib/i18n/locale';
import { t } from '#web/lib/i18n/t';

const LETTERS = ['A', 'B', 'C', 'D'];

/** A question of a type beyond the single choice, as learners get it (choices to pick from, never the answer). */
export const isTyped = (question: AnyQuestion): question is LearnerTypedQuestion =>
  question.type !== undefined && question.type !== 'single' && 'choices' in question;

/**
 * A code question: starter code to edit, graded by running it. Its creator trying the quiz gets the
 * tests too, which the player never shows.
 */
export const isCodeQuestion = (question: AnyQuestion): question is LearnerCodeQuestion =>
  question.type === 'code' && 'starterCode' in question;

/** What a learner has entered so far for a typed question; `value` is undefined until it can be sent. */
export type TypedDraft = { value: AnswerValue | undefined; order?: string[] };

/** Nothing entered yet; an ordering question's order as shown is an answer already. */
export function freshDraft(question: AnyQuestion | undefined): TypedDraft {
  if (!question || !isTyped(question) || question.type !== 'ordering') return { value: undefined };
  const shown = question.choices.map((choice) => choice.id);
  return { value: shown, order: shown };
}

/** The right answer of a typed question, in words, as the feedback and the results show it. */
export function describeAnswer(question: LearnerTypedQuestion, answer: AnswerValue): string {
  const textOf = (id: string) => question.choices.find((choice) => choice.id === id)?.text ?? id;
  if (Array.isArray(answer)) {
    if (question.type !== 'ordering')
      return new Intl.ListFormat(intlLocale(), { style: 'short', type: 'unit' }).format(answer.map(textOf));
    // The arrow points the way the page reads.
    return answer.map(textOf).join(directionOf(currentLocale()) === 'rtl' ? ' ← ' : ' → ');
  }
  if (typeof answer === 'boolean') return answer ? t('shell.true') : t('shell.false');
  return String(answer);
}

/** An answer of any question type in words: a single choice's letter, or a typed question's choices, value or text. */
export function answerInWords(question: AnyQuestion, answer: AttemptAnswer['correctAnswer']): string {
  // A code question has no one right answer: its tests decide.
  if (answer === null) return t('shell.codeThatPasses');
  if (isTyped(question)) return describeAnswer(question, answer);
  return typeof answer === 'number' ? (LETTERS[answer - 1] ?? String(answer)) : String(answer);
}
