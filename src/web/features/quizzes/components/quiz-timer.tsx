import { Timer } from 'lucide-react';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';

/** The time an attempt has left, as minutes and seconds; read out to screen readers only each minute. */
export default function QuizTimer({ msLeft }: { msLeft: number }) {
  const seconds = Math.ceil(msLeft / 1000);
  const shown = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <p
      className={cn(
        'flex w-fit items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium tabular-nums',
        seconds <= 60 && 'border-destructive/50 text-destructive',
      )}
    >
      <Timer className="size-4" aria-hidden="true" />
      <span role="timer" aria-live="off">
        {seconds > 0 ? t('quizzes.timeLeft', { time: shown }) : t('quizzes.timeUp')}
      </span>
      <span className="sr-only" aria-live="polite">
        {seconds % 60 === 0 || seconds === 0
          ? seconds > 0
            ? t('quizzes.minutesLeft', { count: Math.floor(seconds / 60) })
            : t('quizzes.timeUp')
          : ''}
      </span>
    </p>
  );
}
