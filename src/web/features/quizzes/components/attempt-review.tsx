import { CheckCircle2, XCircle } from 'lucide-react';
import type { AnyQuestion } from '#shared/schemas/creator';
import type { AttemptAnswer } from '#shared/schemas/learning';
import { ScrollableCode } from '#web/components/scrollable-code';
import { answerInWords, isCodeQuestion } from '#web/lib/answer-words';
import { t } from '#web/lib/i18n/t';

/** The results: each question with the learner's answer, the right one and, where known, why. */
export default function AttemptReview({
  questions,
  answers,
  explanations,
}: {
  questions: AnyQuestion[];
  answers: AttemptAnswer[];
  explanations: Record<string, string>;
}) {
  const byQuestion = new Map(answers.map((answer) => [answer.questionId, answer]));
  return (
    <ol className="grid gap-3" aria-label={t('quizzes.yourAnswers')}>
      {questions.map((question, index) => {
        const answer = byQuestion.get(question.id);
        const given = answer === undefined ? undefined : 'answer' in answer ? answer.answer : answer.selectedOption;
        return (
          <li key={question.id} className="grid gap-1 rounded-xl border p-3 text-sm">
            <p className="font-medium break-words">
              {index + 1}. {question.question}
            </p>
            {answer === undefined || given === undefined ? (
              <p className="text-muted-foreground">{t('quizzes.notAnswered')}</p>
            ) : isCodeQuestion(question) ? (
              <>
                <p>
                  {answer.correct ? <CheckCircle2 className="me-1 inline size-4 text-success" aria-hidden="true" /> : null}
                  {answer.correct ? null : <XCircle className="me-1 inline size-4 text-destructive" aria-hidden="true" />}
                  {answer.correct ? t('quizzes.testsPassed') : t('quizzes.testsFailed')}
                </p>
                {/* A code question has no one right answer to show: the learner's code, folded away. */}
                <details className="min-w-0">
                  <summary className="cursor-pointer rounded-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                    {t('quizzes.yourCode')}
                  </summary>
                  <ScrollableCode label={t('quizzes.yourCodeFor', { number: index + 1 })} className="mt-1 max-h-60 text-xs">
                    {String(given)}
                  </ScrollableCode>
                </details>
              </>
            ) : (
              <>
                <p>
                  {answer.correct ? <CheckCircle2 className="me-1 inline size-4 text-success" aria-hidden="true" /> : null}
                  {answer.correct ? null : <XCircle className="me-1 inline size-4 text-destructive" aria-hidden="true" />}
                  {answer.correct
                    ? t('quizzes.yourAnswerCorrect', { answer: answerInWords(question, given) })
                    : t('quizzes.yourAnswerWrong', { answer: answerInWords(question, given) })}
                </p>
                {answer.correct ? null : (
                  <p>{t('quizzes.rightAnswer', { answer: answerInWords(question, answer.correctAnswer) })}</p>
                )}
              </>
            )}
            {explanations[question.id] ? (
              <p className="text-muted-foreground break-words whitespace-pre-line">{explanations[question.id]}</p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
