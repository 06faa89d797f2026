import { CheckCircle2, XCircle } from 'lucide-react';
import type { Question } from '#shared/schemas/creator';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';

const LETTERS = ['A', 'B', 'C', 'D'];

type SingleChoiceProps = {
  question: Pick<Question, 'id' | 'optionA' | 'optionB' | 'optionC' | 'optionD'>;
  /** The option picked (1–4), or null. */
  picked: number | null;
  onPick: (option: number) => void;
  /** Once answered: whether the pick was right and which option is; the options show both. */
  result: { correct: boolean; correctAnswer: unknown } | null;
  disabled: boolean;
  className?: string;
};

/** A single-choice question's options A to D, as the quiz player and the review deck show them (docs/product.md, Learning). */
export function SingleChoiceAnswer({ question, picked, onPick, result, disabled, className }: SingleChoiceProps) {
  const options = [question.optionA, question.optionB, question.optionC, question.optionD];
  return (
    <fieldset className={cn('grid gap-2', className)} disabled={disabled}>
      <legend className="sr-only">{t('shell.options')}</legend>
      {options.map((option, i) => {
        if (!option) return null;
        const value = i + 1;
        const isCorrect = result?.correctAnswer === value;
        const isWrongPick = result !== null && picked === value && !result.correct;
        return (
          <label
            key={LETTERS[i]}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-xl border p-3 text-sm transition-colors hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              picked === value && !result && 'border-primary bg-primary/10',
              isCorrect && 'border-success/50 bg-success-muted text-success-muted-foreground',
              isWrongPick && 'border-destructive/50 bg-destructive-muted text-destructive-muted-foreground',
            )}
          >
            <input
              type="radio"
              name={`question-${question.id}`}
              className="size-4 accent-primary"
              checked={picked === value}
              onChange={() => onPick(value)}
            />
            <span className="font-medium">{LETTERS[i]}.</span>
            <span className="flex-1 break-words">{option}</span>
            {isCorrect ? <CheckCircle2 className="size-4" aria-label={t('shell.correctAnswer')} /> : null}
            {isWrongPick ? <XCircle className="size-4" aria-label={t('shell.yourAnswerWrong')} /> : null}
          </label>
        );
      })}
    </fieldset>
  );
}
