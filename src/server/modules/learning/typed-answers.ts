import type { quizQuestions } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { type AnswerValue, normalizeTextAnswer, type QuestionFields, TEXT_ANSWER_MAX } from '#shared/schemas/questions';
import { AppError } from '../../errors';

/* Scoring a typed question's answer on the server (docs/product.md, Learning). */

type QuestionRow = typeof quizQuestions.$inferSelect;
type TypedQuestion = Pick<QuestionRow, 'choiceIds'> & { fields: QuestionFields };
/** A code question is graded by running it (code-answers.ts), not here. */
type ComparedQuestion = TypedQuestion & { fields: Exclude<QuestionFields, { type: 'code' }> };

function badAnswer(field: 'selectedOption' | 'answer', message: string) {
  return new AppError(ErrorCode.BAD_REQUEST, message, { errors: { [field]: message } });
}
const wrongForm = (message: string) => badAnswer('answer', message);

/** A single-choice question, or one stored before typed questions: its answer is an option's number. */
export const isSingleChoice = (question: QuestionRow) => question.type === 'single' || !question.fields;

/**
 * Scores an answer to any question, in a quiz or the review deck: `selectedOption` for a single
 * choice, `answer` for the other types; a 400 for an answer of the wrong form.
 */
export function gradeAnswer(
  question: QuestionRow,
  { selectedOption, answer }: { selectedOption?: number | undefined; answer?: AnswerValue | undefined },
): { correct: boolean; correctAnswer: AnswerValue } {
  const { fields, choiceIds } = question;
  if (isSingleChoice(question) || !fields) {
    if (selectedOption === undefined) throw badAnswer('selectedOption', 'A single-choice question takes selectedOption');
    const optionCount = 2 + (question.optionC ? 1 : 0) + (question.optionD ? 1 : 0);
    if (selectedOption > optionCount) throw badAnswer('selectedOption', `Choose one of the ${optionCount} options`);
    return { correct: selectedOption === question.correctAnswer, correctAnswer: question.correctAnswer ?? 0 };
  }
  if (answer === undefined) throw badAnswer('answer', `A ${fields.type} question takes answer`);
  // A code answer is run, by its quiz or review card, before this (code-answers.ts).
  if (fields.type === 'code') throw badAnswer('answer', 'A code question is graded by running it');
  return { correct: isCorrectAnswer({ fields, choiceIds }, answer), correctAnswer: comparedAnswerOf({ fields, choiceIds }) };
}

/** Binary floating point makes 0.3 − 0.2 a hair over 0.1: an answer at the tolerance's edge is right. */
function withinTolerance(answer: number, correctNumber: number, tolerance: number): boolean {
  const slack = Number.EPSILON * 16 * Math.max(1, Math.abs(answer), Math.abs(correctNumber));
  return Math.abs(answer - correctNumber) <= tolerance + slack;
}

/** Whether `answer` is right; a 400 when it is not of the form the question's type takes. */
export function isCorrectAnswer({ fields, choiceIds }: ComparedQuestion, answer: AnswerValue): boolean {
  const ids = choiceIds ?? [];
  switch (fields.type) {
    case 'multiple': {
      if (!Array.isArray(answer) || answer.some((id) => !ids.includes(id)) || new Set(answer).size !== answer.length) {
        throw wrongForm('Answer with the ids of the choices you pick, each once');
      }
      const correct = new Set(fields.correctChoices.map((place) => ids[place - 1]));
      return answer.length === correct.size && answer.every((id) => correct.has(id));
    }
    case 'ordering': {
      if (
        !Array.isArray(answer) ||
        answer.length !== ids.length ||
        new Set(answer).size !== ids.length ||
        answer.some((id) => !ids.includes(id))
      ) {
        throw wrongForm('Answer with the id of every choice once, in your order');
      }
      return answer.every((id, index) => id === ids[index]);
    }
    case 'true_false':
      if (typeof answer !== 'boolean') throw wrongForm('Answer true or false');
      return answer === fields.correctAnswer;
    case 'short_text': {
      if (typeof answer !== 'string' || answer.length > TEXT_ANSWER_MAX) {
        throw wrongForm(`Answer with text of at most ${TEXT_ANSWER_MAX} characters`);
      }
      const given = normalizeTextAnswer(answer);
      return fields.acceptedAnswers.some((accepted) => normalizeTextAnswer(accepted) === given);
    }
    case 'numeric':
      if (typeof answer !== 'number') throw wrongForm('Answer with a number');
      return withinTolerance(answer, fields.correctNumber, fields.tolerance);
  }
}

/** The right answer in the form of the type's answers; for short_text the first accepted one. */
function comparedAnswerOf({ fields, choiceIds }: ComparedQuestion): AnswerValue {
  const ids = choiceIds ?? [];
  switch (fields.type) {
    case 'multiple':
      return fields.correctChoices.map((place) => ids[place - 1] ?? '');
    case 'ordering':
      return ids;
    case 'true_false':
      return fields.correctAnswer;
    case 'short_text':
      return fields.acceptedAnswers[0] ?? '';
    case 'numeric':
      return fields.correctNumber;
  }
}

/** As comparedAnswerOf; none for code, whose tests are not an answer to show. */
export function correctAnswerOf({ fields, choiceIds }: TypedQuestion): AnswerValue | null {
  return fields.type === 'code' ? null : comparedAnswerOf({ fields, choiceIds });
}
