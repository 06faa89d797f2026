import type { AnyQuestion } from '#shared/schemas/creator';
import { isTyped } from '#web/lib/answer-words';
import { t } from '#web/lib/i18n/t';

const kbd = 'rounded border bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground';

/** The page's keys, for a keyboard: a phone has none, so it shows none. */
export function KeyboardHints({ question }: { question: AnyQuestion }) {
  const typed = isTyped(question) ? question : null;
  const choiceCount = typed
    ? typed.type === 'multiple' || typed.type === 'true_false'
      ? typed.choices.length
      : 0
    : 'optionD' in question && question.optionD
      ? 4
      : 'optionC' in question && question.optionC
        ? 3
        : 2;
  return (
    <p className="hidden items-center gap-1.5 text-xs text-muted-foreground sm:flex">
      {choiceCount > 0 ? (
        <>
          <kbd className={kbd}>1</kbd>–<kbd className={kbd}>{choiceCount}</kbd> {t('reviewDeck.choose')} ·{' '}
        </>
      ) : null}
      <kbd className={kbd}>Enter</kbd> {t('reviewDeck.submit')} · <kbd className={kbd}>→</kbd> {t('reviewDeck.next')}
    </p>
  );
}
