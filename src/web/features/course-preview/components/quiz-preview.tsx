import { CircleCheck } from 'lucide-react';
import type { Question } from '#shared/schemas/creator';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';
import { usePreviewQuestions } from '../api/get-preview-questions';
import { ContentLoading, ContentMessage } from './content-message';

const LETTERS = ['A', 'B', 'C', 'D'] as const;

function optionsOf(question: Question) {
  return [question.optionA, question.optionB, question.optionC, question.optionD].flatMap((text, index) =>
    text ? [{ letter: LETTERS[index], text, isCorrect: question.correctAnswer === index + 1 }] : [],
  );
}

/** Every question with all its options, the correct one highlighted and named (not by colour alone). */
export function QuizPreview({
  courseId,
  quizId,
  title,
  description,
}: {
  courseId: string;
  quizId: string;
  title: string;
  description: string | null;
}) {
  const questions = usePreviewQuestions(courseId, quizId);
  return (
    <article className="grid gap-5">
      <header className="grid gap-1">
        <h2 className="text-xl font-bold tracking-tight break-words sm:text-2xl">{title}</h2>
        {description ? <p className="text-muted-foreground break-words">{description}</p> : null}
      </header>
      {questions.isPending ? (
        <ContentLoading label={t('preview.loadingQuestions')} />
      ) : questions.isError ? (
        <ContentMessage isError onRetry={() => void questions.refetch()}>
          {t('preview.loadFailed')}
        </ContentMessage>
      ) : questions.data.length === 0 ? (
        <ContentMessage>{t('quizzes.noQuestions')}</ContentMessage>
      ) : (
        <ol className="grid gap-4">
          {questions.data.map((question, number) => (
            <li key={question.id} className="rounded-xl border p-4">
              <p className="font-medium break-words whitespace-pre-line">
                <span className="text-muted-foreground">{number + 1}. </span>
                {question.question}
              </p>
              <ul className="mt-3 grid gap-2" aria-label={t('preview.optionsOf', { number: number + 1 })}>
                {optionsOf(question).map((option) => (
                  <li
                    key={option.letter}
                    className={cn(
                      'flex items-start gap-2 rounded-lg border px-3 py-2 text-sm break-words',
                      option.isCorrect && 'border-success/50 bg-success-muted font-medium text-success-muted-foreground',
                    )}
                  >
                    <span className="font-semibold">{option.letter}.</span>{' '}
                    <span className="min-w-0 flex-1">
                      {option.isCorrect ? t('preview.correctOption', { option: option.text }) : option.text}
                    </span>
                    {option.isCorrect ? <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
