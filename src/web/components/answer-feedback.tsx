import type { AnyQuestion } from '#shared/schemas/creator';
import type { AnyAnswerResult } from '#shared/schemas/learning';
import { answerInWords } from '#web/lib/answer-words';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';
import { ScrollableCode } from './scrollable-code';

/**
 * What an answer earned, as the quiz player and the review deck say it: right or wrong with the right
 * answer in words, `note` after it (the review's next date), and the creator's explanation.
 */
export function AnswerFeedback({ question, result, note }: { question: AnyQuestion; result: AnyAnswerResult; note?: string }) {
  const isCode = 'output' in result;
  const verdict = isCode
    ? result.correct
      ? t('shell.codeCorrect')
      : t('shell.codeIncorrect')
    : result.correct
      ? t('shell.correct')
      : t('shell.notQuite', { answer: answerInWords(question, result.correctAnswer) });
  return (
    <>
      {/* On its muted panel: the plain success green is under 4.5:1 on white. */}
      <p
        role="status"
        className={cn(
          'rounded-lg px-3 py-2 font-medium break-words',
          result.correct
            ? 'bg-success-muted text-success-muted-foreground'
            : 'bg-destructive-muted text-destructive-muted-foreground',
        )}
      >
        {note ? `${verdict} ${note}` : verdict}
      </p>
      {isCode && result.output ? (
        <div className="grid min-w-0 gap-1">
          <p className="text-xs font-medium text-muted-foreground">{t('shell.gradedRunOutput')}</p>
          <ScrollableCode label={t('shell.gradedRunOutput')}>{result.output}</ScrollableCode>
        </div>
      ) : null}
      {result.explanation ? (
        <p className="rounded-lg bg-muted px-3 py-2 text-sm break-words whitespace-pre-line">
          <span className="font-medium">{t('shell.explanation')} </span>
          {result.explanation}
        </p>
      ) : null}
    </>
  );
}
