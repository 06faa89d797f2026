import { RotateCcw } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { AnyQuestion, Question } from '#shared/schemas/creator';
import type { AnswerBody, AnyAnswerResult, QuizAttempt } from '#shared/schemas/learning';
import { AnswerFeedback } from '#web/components/answer-feedback';
import { GradingStatus } from '#web/components/grading-status';
import { LazyCodeAnswer } from '#web/components/lazy-code-answer';
import { SingleChoiceAnswer } from '#web/components/single-choice-answer';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { freshDraft, isCodeQuestion, isTyped, type TypedDraft } from '#web/lib/answer-words';
import { useQuizQuestions } from '#web/lib/api/get-quiz-questions';
import { isApiError } from '#web/lib/api-client';
import { gradingRefusal } from '#web/lib/grading-refusal';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';
import { answerQuestion } from '../api/answer-question';
import { completeAttempt } from '../api/complete-attempt';
import { startAttempt } from '../api/start-attempt';
import { useTimeLeft } from '../lib/time-left';

/** The results list and the clock: shown after answering, or for a timed quiz only. */
const AttemptReview = lazy(() => import('./attempt-review'));
const QuizTimer = lazy(() => import('./quiz-timer'));

/** Loaded where a quiz has a question of another type than the single choice: most first loads need none. */
const TypedAnswerInput = lazy(() => import('#web/components/typed-answer'));

/**
 * The quiz flow (docs/product.md, Learning): pick, Submit Answer, feedback, Next Question or Complete Quiz, the
 * score, Retake Quiz.
 */
export function QuizPlayer({ quizId, onCompleted }: { quizId: string; onCompleted: () => void }) {
  const questions = useQuizQuestions(quizId);
  const refetchQuestions = questions.refetch;
  const [attempt, setAttempt] = useState<QuizAttempt | null>(null);
  const [index, setIndex] = useState(0);
  const [picked, setPicked] = useState<number | null>(null);
  const [draft, setDraft] = useState<TypedDraft>({ value: undefined });
  const [feedback, setFeedback] = useState<AnyAnswerResult | null>(null);
  /** Each question's explanation, as answering it this visit gave it: the results list them. */
  const [explanations, setExplanations] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  /** Why a code answer could not be graded now (no Python here, or every runner busy): it may be sent again. */
  const [gradingNotice, setGradingNotice] = useState<string | null>(null);
  const loaded = useRef(false);
  const msLeft = useTimeLeft(attempt?.status === 'in_progress' ? attempt.expiresAt : null);
  const isTimeUp = msLeft === 0;
  // Where the focus goes after each step (the step's own button was disabled or removed under it):
  // the feedback's Next Question, the next question, or the result.
  const nextButton = useRef<HTMLButtonElement>(null);
  const questionHeading = useRef<HTMLHeadingElement>(null);
  const resultHeading = useRef<HTMLParagraphElement>(null);
  const moveFocus = useRef<'next' | 'question' | 'result' | null>(null);
  useEffect(() => {
    const target = moveFocus.current;
    if (!target) return;
    const element = { next: nextButton, question: questionHeading, result: resultHeading }[target].current;
    if (!element) return;
    moveFocus.current = null;
    element.focus();
  });

  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    // A failed look-up of the current attempt at load is ignored; the first answer retries
    // (docs/product.md, Web app conventions).
    startAttempt({ quizId })
      .then((current) => {
        setAttempt(current);
        setIndex(Math.min(current.answers.length, Math.max(0, current.totalQuestions - 1)));
        // A shuffled quiz's order is its attempt's: asked again once there is one.
        void refetchQuestions();
      })
      .catch(() => {});
  }, [quizId, refetchQuestions]);

  if (questions.isPending)
    return (
      <p role="status" className="text-muted-foreground">
        {t('quizzes.loading')}
      </p>
    );
  if (questions.isError) return <p role="alert">{t('quizzes.loadFailed')}</p>;
  // A quiz published without questions counts for nothing in progress; the learner just moves on.
  if (questions.data.length === 0) return <p className="text-muted-foreground">{t('quizzes.noQuestions')}</p>;

  const total = questions.data.length;
  const all = questions.data as AnyQuestion[];
  const startQuestion = (at: number) => {
    setIndex(at);
    setPicked(null);
    setDraft(freshDraft(all[at]));
    setFeedback(null);
    setGradingNotice(null);
  };
  if (attempt?.status === 'completed') {
    const percent = attempt.totalQuestions > 0 ? Math.round(((attempt.score ?? 0) / attempt.totalQuestions) * 100) : 0;
    const retake = async () => {
      setBusy(true);
      try {
        setAttempt(await startAttempt({ quizId, forceNew: true }));
        await refetchQuestions();
        moveFocus.current = 'question';
        setExplanations({});
        startQuestion(0);
      } catch (error) {
        toast({
          variant: 'destructive',
          title: t('quizzes.retakeFailed'),
          ...(isApiError(error, 409) ? { description: error.message } : {}),
        });
      } finally {
        setBusy(false);
      }
    };
    return (
      <div className="grid gap-6 py-8">
        <div className="grid justify-items-center gap-4 text-center">
          <p ref={resultHeading} tabIndex={-1} className="text-sm font-medium text-muted-foreground focus:outline-none">
            {t('quizzes.yourScore')}
          </p>
          <p className={cn('text-5xl font-extrabold tabular-nums', attempt.passed ? 'text-success' : 'text-warning')}>
            {t('learning.percent', { percent })}
          </p>
          <p className="text-muted-foreground">
            {attempt.passed
              ? t('quizzes.scorePassed', { score: attempt.score ?? 0, total: attempt.totalQuestions })
              : t('quizzes.scoreNotPassed', { score: attempt.score ?? 0, total: attempt.totalQuestions })}
          </p>
          <Button onClick={() => void retake()} disabled={busy} variant="outline">
            <RotateCcw aria-hidden="true" /> {t('quizzes.retake')}
          </Button>
        </div>
        <Suspense fallback={null}>
          <AttemptReview questions={all} answers={attempt.answers} explanations={explanations} />
        </Suspense>
      </div>
    );
  }

  const question = all[Math.min(index, total - 1)] as AnyQuestion;
  const code = isCodeQuestion(question) ? question : null;
  const typed = !code && isTyped(question) ? question : null;
  const single = question as Question;
  const isLast = index >= total - 1;
  // The code as edited: the starter code until the learner types.
  const source = code ? (typeof draft.value === 'string' ? draft.value : code.starterCode) : '';
  const isReady = code ? true : typed ? draft.value !== undefined : picked !== null;

  const submit = async () => {
    if (!isReady) return;
    const body: AnswerBody = code
      ? { questionId: question.id, answer: source }
      : typed
        ? { questionId: question.id, answer: draft.value }
        : { questionId: question.id, selectedOption: picked ?? undefined };
    setBusy(true);
    setGradingNotice(null);
    try {
      const current = attempt ?? (await startAttempt({ quizId }));
      setAttempt(current);
      const result = await answerQuestion({ attemptId: current.id, body });
      moveFocus.current = 'next';
      setFeedback(result);
      const { explanation } = result;
      if (explanation) setExplanations((known) => ({ ...known, [question.id]: explanation }));
    } catch (error) {
      const refusal = code ? gradingRefusal(error) : null;
      if (refusal) {
        // Nothing was stored: the code stays in the editor, to be sent again.
        setGradingNotice(refusal);
      } else if (isApiError(error, 409) && attempt?.expiresAt && Date.parse(attempt.expiresAt) <= Date.now()) {
        toast({ variant: 'destructive', title: t('quizzes.timeUp'), description: t('quizzes.completeToSeeScore') });
      } else if (isApiError(error, 409)) {
        toast({ variant: 'destructive', title: t('quizzes.alreadyCompleted'), description: t('quizzes.alreadyCompletedText') });
      } else {
        toast({ variant: 'destructive', title: t('quizzes.submitFailed') });
      }
    } finally {
      setBusy(false);
    }
  };
  const next = async () => {
    if (!isLast) {
      moveFocus.current = 'question';
      startQuestion(index + 1);
      return;
    }
    await finish();
  };
  /** Scores the attempt: after the last question, or once its time is up (what was answered counts). */
  const finish = async () => {
    if (!attempt) return;
    setBusy(true);
    try {
      moveFocus.current = 'result';
      setAttempt(await completeAttempt({ attemptId: attempt.id }));
      // The learn page refreshes the progress and the certificate this changes.
      onCompleted();
    } catch {
      toast({ variant: 'destructive', title: t('quizzes.completeFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{t('quizzes.questionOf', { number: index + 1, total })}</p>
        {msLeft !== null ? (
          <Suspense fallback={null}>
            <QuizTimer msLeft={msLeft} />
          </Suspense>
        ) : null}
      </div>
      <h3 ref={questionHeading} tabIndex={-1} className="text-xl font-semibold break-words focus:outline-none">
        {question.question}
      </h3>
      {code ? (
        <LazyCodeAnswer
          key={code.id}
          question={code}
          value={source}
          onChange={(value) => setDraft({ value })}
          readOnly={feedback !== null || busy}
        />
      ) : null}
      {typed ? (
        <Suspense
          fallback={
            <p role="status" className="text-sm text-muted-foreground">
              {t('quizzes.loadingAnswerField')}
            </p>
          }
        >
          <TypedAnswerInput
            key={typed.id}
            question={typed}
            draft={draft}
            onChange={setDraft}
            disabled={feedback !== null || busy}
          />
        </Suspense>
      ) : null}
      <SingleChoiceAnswer
        question={single}
        picked={picked}
        onPick={setPicked}
        result={feedback}
        disabled={feedback !== null || busy}
        className={cn((typed || code) && 'hidden')}
      />
      <GradingStatus isGrading={Boolean(code && busy && !feedback)} notice={gradingNotice} />
      {feedback ? <AnswerFeedback question={question} result={feedback} /> : null}
      <div>
        {feedback || isTimeUp ? (
          <Button ref={nextButton} onClick={() => void (isTimeUp ? finish() : next())} disabled={busy}>
            {isLast || isTimeUp ? t('quizzes.completeQuiz') : t('quizzes.nextQuestion')}
          </Button>
        ) : (
          <Button onClick={() => void submit()} disabled={!isReady || busy}>
            {code ? t('quizzes.submitCode') : t('quizzes.submitAnswer')}
          </Button>
        )}
      </div>
    </div>
  );
}
