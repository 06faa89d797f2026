import { ArrowDown, ArrowUp, CheckCircle2, Lightbulb, Pencil, Trash2 } from 'lucide-react';
import type { AnyQuestion, Question } from '#shared/schemas/creator';
import { ScrollableCode } from '#web/components/scrollable-code';
import { Button } from '#web/components/ui/button';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';
import { OPTION_LETTERS } from '../lib/question-draft';
import { type BuilderQuestion, typedQuestionLabel } from '../lib/typed-question-draft';

/** A question of another type than the single choice, as its creator gets it (with its answer or tests). */
export const isCreatorTyped = (question: AnyQuestion): question is BuilderQuestion =>
  question.type !== undefined && question.type !== 'single' && !('optionA' in question) && 'explanation' in question;

interface QuestionCardProps {
  question: AnyQuestion;
  number: number;
  isFirst: boolean;
  isLast: boolean;
  isBusy: boolean;
  onDelete: () => void;
  onEdit: () => void;
  onMove: (direction: 'up' | 'down') => void;
}

export function QuestionCard({ question, number, isFirst, isLast, isBusy, onDelete, onEdit, onMove }: QuestionCardProps) {
  const typed = isCreatorTyped(question) ? question : null;
  const single = question as Question;
  const options = typed ? [] : [single.optionA, single.optionB, single.optionC, single.optionD];
  const explanation = 'explanation' in question ? question.explanation : null;
  return (
    <div className="rounded-xl border bg-card p-4 text-card-foreground shadow-xs">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {typed
              ? t('quizBuilder.questionNumberOfType', { number, type: typedQuestionLabel(typed.type) })
              : t('quizBuilder.questionNumber', { number })}
          </p>
          <p className="font-medium break-words whitespace-pre-line">{question.question}</p>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('quizBuilder.moveQuestionUp', { number })}
            title={t('courseBuilder.moveUp')}
            data-move="up"
            disabled={isBusy || isFirst}
            onClick={() => onMove('up')}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('quizBuilder.moveQuestionDown', { number })}
            title={t('courseBuilder.moveDown')}
            data-move="down"
            disabled={isBusy || isLast}
            onClick={() => onMove('down')}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('quizBuilder.editQuestion', { number })}
            title={t('quizBuilder.edit')}
            onClick={onEdit}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('quizBuilder.deleteQuestion', { number })}
            title={t('courseBuilder.delete')}
            disabled={isBusy}
            onClick={onDelete}
            className="text-destructive hover:bg-destructive-muted hover:text-destructive-muted-foreground"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {typed ? <TypedAnswerSummary question={typed} number={number} /> : null}
      <ul className={cn('mt-3 grid gap-2', typed && 'hidden')} aria-label={t('quizBuilder.optionsOf', { number })}>
        {options.map((option, index) => {
          if (!option) return null;
          const letter = OPTION_LETTERS[index];
          const isCorrect = single.correctAnswer === index + 1;
          return (
            <li
              key={letter}
              className={cn(
                'flex items-start gap-2 rounded-lg border px-3 py-2 text-sm',
                isCorrect && 'border-success/50 bg-success-muted font-medium text-success-muted-foreground',
              )}
            >
              {isCorrect ? <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : null}
              <span className="min-w-0 break-words">
                {isCorrect ? t('quizBuilder.optionCorrect', { letter: letter ?? '', option }) : `${letter}. ${option}`}
              </span>
            </li>
          );
        })}
      </ul>
      {explanation ? (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
          <Lightbulb className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words whitespace-pre-line">
            <span className="font-medium text-foreground">{t('quizBuilder.explanationLabel')} </span>
            {explanation}
          </span>
        </p>
      ) : null}
    </div>
  );
}

const correctRow = 'border-success/50 bg-success-muted font-medium text-success-muted-foreground';

/** What makes a typed question's answer right, as its creator checks it. */
function TypedAnswerSummary({ question, number }: { question: BuilderQuestion; number: number }) {
  const label = t('quizBuilder.answerOf', { number });
  switch (question.type) {
    case 'multiple':
    case 'ordering':
      return (
        <ol className="mt-3 grid gap-2" aria-label={label}>
          {question.choices.map((choice, index) => {
            const isCorrect = question.type === 'multiple' && question.correctChoices.includes(index + 1);
            return (
              <li
                key={choice}
                className={cn('flex items-start gap-2 rounded-lg border px-3 py-2 text-sm', isCorrect && correctRow)}
              >
                {isCorrect ? <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : null}
                <span className="min-w-0 break-words">
                  {question.type === 'ordering' ? `${index + 1}. ` : null}
                  {isCorrect ? t('quizBuilder.choiceCorrect', { choice }) : choice}
                </span>
              </li>
            );
          })}
        </ol>
      );
    case 'true_false':
      return (
        <p className="mt-3 text-sm">
          {question.correctAnswer ? t('quizBuilder.correctAnswerTrue') : t('quizBuilder.correctAnswerFalse')}
        </p>
      );
    case 'short_text':
      return (
        <p className="mt-3 text-sm break-words">
          {t('quizBuilder.acceptedAnswers', { answers: question.acceptedAnswers.join(' · ') })}
        </p>
      );
    case 'numeric':
      return (
        <p className="mt-3 text-sm">
          {question.tolerance > 0
            ? t('quizBuilder.correctNumberWithin', {
                number: question.correctNumber,
                tolerance: question.tolerance,
              })
            : t('quizBuilder.correctNumber', { number: question.correctNumber })}
        </p>
      );
    case 'code':
      return (
        <div className="mt-3 grid gap-2">
          <CodeShown
            title={t('quizBuilder.starterCode')}
            label={t('quizBuilder.starterCodeOf', { number })}
            code={question.starterCode || t('quizBuilder.emptyCode')}
          />
          <CodeShown title={t('quizBuilder.tests')} label={t('quizBuilder.testsOf', { number })} code={question.testCode} />
        </div>
      );
  }
}

function CodeShown({ title, label, code }: { title: string; label: string; code: string }) {
  return (
    <div className="grid min-w-0 gap-1">
      <p className="text-xs font-medium text-muted-foreground">{title}</p>
      <ScrollableCode label={label} className="max-h-48 text-xs">
        {code}
      </ScrollableCode>
    </div>
  );
}
