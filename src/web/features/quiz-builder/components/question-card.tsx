import { ArrowDown, ArrowUp, CheckCircle2, Lightbulb, Pencil, Trash2 } from 'lucide-react';
import type { AnyQuestion, Question } from '#shared/schemas/creator';
import { ScrollableCode } from '#web/components/scrollable-code';
import { Button } from '#web/components/ui/button';
import { cn } from '#web/lib/utils';
import { OPTION_LETTERS } from '../lib/question-draft';
import { type BuilderQuestion, TYPED_QUESTION_LABELS } from '../lib/typed-question-draft';

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
            Question {number}
            {typed ? ` · ${TYPED_QUESTION_LABELS[typed.type]}` : null}
          </p>
          <p className="font-medium break-words whitespace-pre-line">{question.question}</p>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Move question ${number} up`}
            title="Move up"
            disabled={isBusy || isFirst}
            onClick={() => onMove('up')}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Move question ${number} down`}
            title="Move down"
            disabled={isBusy || isLast}
            onClick={() => onMove('down')}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon-sm" aria-label={`Edit question ${number}`} title="Edit" onClick={onEdit}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Delete question ${number}`}
            title="Delete"
            disabled={isBusy}
            onClick={onDelete}
            className="text-destructive hover:bg-destructive-muted hover:text-destructive-muted-foreground"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {typed ? <TypedAnswerSummary question={typed} number={number} /> : null}
      <ul className={cn('mt-3 grid gap-2', typed && 'hidden')} aria-label={`Options of question ${number}`}>
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
                {letter}. {option}
                {isCorrect ? ' (Correct)' : null}
              </span>
            </li>
          );
        })}
      </ul>
      {explanation ? (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
          <Lightbulb className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words whitespace-pre-line">
            <span className="font-medium text-foreground">Explanation: </span>
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
  const label = `Answer of question ${number}`;
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
                  {choice}
                  {isCorrect ? ' (Correct)' : null}
                </span>
              </li>
            );
          })}
        </ol>
      );
    case 'true_false':
      return <p className="mt-3 text-sm">Correct answer: {question.correctAnswer ? 'True' : 'False'}</p>;
    case 'short_text':
      return <p className="mt-3 text-sm break-words">Accepted: {question.acceptedAnswers.join(' · ')}</p>;
    case 'numeric':
      return (
        <p className="mt-3 text-sm">
          Correct: {question.correctNumber}
          {question.tolerance > 0 ? ` ± ${question.tolerance}` : null}
        </p>
      );
    case 'code':
      return (
        <div className="mt-3 grid gap-2">
          <CodeShown title="Starter code" number={number} code={question.starterCode || '(empty)'} />
          <CodeShown title="Tests" number={number} code={question.testCode} />
        </div>
      );
  }
}

function CodeShown({ title, number, code }: { title: string; number: number; code: string }) {
  return (
    <div className="grid min-w-0 gap-1">
      <p className="text-xs font-medium text-muted-foreground">{title}</p>
      <ScrollableCode label={`${title} of question ${number}`} className="max-h-48 text-xs">
        {code}
      </ScrollableCode>
    </div>
  );
}
