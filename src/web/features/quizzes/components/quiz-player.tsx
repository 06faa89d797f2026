import { CheckCircle2, RotateCcw, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { QUIZ_ALREADY_COMPLETED } from '#shared/messages';
import type { Question } from '#shared/schemas/creator';
import type { AnswerResult, QuizAttempt } from '#shared/schemas/learning';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { useQuizQuestions } from '#web/lib/api/get-quiz-questions';
import { isApiError } from '#web/lib/api-client';
import { cn } from '#web/lib/utils';
import { answerQuestion } from '../api/answer-question';
import { completeAttempt } from '../api/complete-attempt';
import { startAttempt } from '../api/start-attempt';

const LETTERS = ['A', 'B', 'C', 'D'];
const PASS_PERCENT = 80;

/**
 * The quiz flow (docs/product.md, Learning): pick, Submit Answer, feedback, Next Question or Complete Quiz, the
 * score, Retake Quiz.
 */
export function QuizPlayer({ quizId, onCompleted }: { quizId: string; onCompleted: () => void }) {
  const questions = useQuizQuestions(quizId);
  const [attempt, setAttempt] = useState<QuizAttempt | null>(null);
  const [index, setIndex] = useState(0);
  const [picked, setPicked] = useState<number | null>(null);
  const [feedback, setFeedback] = useState<AnswerResult | null>(null);
  const [busy, setBusy] = useState(false);
  const loaded = useRef(false);
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
      })
      .catch(() => {});
  }, [quizId]);

  if (questions.isPending)
    return (
      <p role="status" className="text-muted-foreground">
        Loading quiz...
      </p>
    );
  if (questions.isError) return <p role="alert">The quiz could not be loaded.</p>;
  // A quiz published without questions counts for nothing in progress; the learner just moves on.
  if (questions.data.length === 0) return <p className="text-muted-foreground">No questions have been added to this quiz yet.</p>;

  const total = questions.data.length;
  if (attempt?.status === 'completed') {
    const percent = attempt.totalQuestions > 0 ? Math.round(((attempt.score ?? 0) / attempt.totalQuestions) * 100) : 0;
    const passed = percent >= PASS_PERCENT;
    const retake = async () => {
      setBusy(true);
      try {
        setAttempt(await startAttempt({ quizId, forceNew: true }));
        moveFocus.current = 'question';
        setIndex(0);
        setPicked(null);
        setFeedback(null);
      } catch {
        toast({ variant: 'destructive', title: 'Failed to start new quiz attempt' });
      } finally {
        setBusy(false);
      }
    };
    return (
      <div className="grid justify-items-center gap-4 py-8 text-center">
        <p ref={resultHeading} tabIndex={-1} className="text-sm font-medium text-muted-foreground focus:outline-none">
          Your score
        </p>
        <p className={cn('text-5xl font-extrabold tabular-nums', passed ? 'text-success' : 'text-warning')}>{percent}%</p>
        <p className="text-muted-foreground">
          {attempt.score} of {attempt.totalQuestions} correct.{' '}
          {passed ? 'You passed this quiz.' : `You need ${PASS_PERCENT}% to pass: review the lessons and try again.`}
        </p>
        <Button onClick={() => void retake()} disabled={busy} variant="outline">
          <RotateCcw aria-hidden="true" /> Retake Quiz
        </Button>
      </div>
    );
  }

  const question = questions.data[Math.min(index, total - 1)] as Question;
  const options = [question.optionA, question.optionB, question.optionC, question.optionD];
  const isLast = index >= total - 1;

  const submit = async () => {
    if (picked === null) return;
    setBusy(true);
    try {
      const current = attempt ?? (await startAttempt({ quizId }));
      setAttempt(current);
      const result = await answerQuestion({ attemptId: current.id, body: { questionId: question.id, selectedOption: picked } });
      moveFocus.current = 'next';
      setFeedback(result);
    } catch (error) {
      if (isApiError(error, 409)) {
        toast({ variant: 'destructive', title: 'Quiz Already Completed', description: QUIZ_ALREADY_COMPLETED });
      } else {
        toast({ variant: 'destructive', title: 'Failed to submit answer' });
      }
    } finally {
      setBusy(false);
    }
  };
  const next = async () => {
    if (!isLast) {
      moveFocus.current = 'question';
      setIndex(index + 1);
      setPicked(null);
      setFeedback(null);
      return;
    }
    if (!attempt) return;
    setBusy(true);
    try {
      moveFocus.current = 'result';
      setAttempt(await completeAttempt({ attemptId: attempt.id }));
      // The learn page refreshes the progress and the certificate this changes.
      onCompleted();
    } catch {
      toast({ variant: 'destructive', title: 'Failed to complete quiz' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        Question {index + 1} of {total}
      </p>
      <h3 ref={questionHeading} tabIndex={-1} className="text-xl font-semibold break-words focus:outline-none">
        {question.question}
      </h3>
      <fieldset className="grid gap-2" disabled={feedback !== null || busy}>
        <legend className="sr-only">Options</legend>
        {options.map((option, i) => {
          if (!option) return null;
          const value = i + 1;
          const isCorrect = feedback?.correctAnswer === value;
          const isWrongPick = feedback !== null && picked === value && !feedback.correct;
          return (
            <label
              key={LETTERS[i]}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border p-3 text-sm transition-colors hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                picked === value && !feedback && 'border-primary bg-primary/10',
                isCorrect && 'border-success/50 bg-success-muted text-success-muted-foreground',
                isWrongPick && 'border-destructive/50 bg-destructive-muted text-destructive-muted-foreground',
              )}
            >
              <input
                type="radio"
                name={`question-${question.id}`}
                className="size-4 accent-primary"
                checked={picked === value}
                onChange={() => setPicked(value)}
              />
              <span className="font-medium">{LETTERS[i]}.</span>
              <span className="flex-1 break-words">{option}</span>
              {isCorrect ? <CheckCircle2 className="size-4" aria-label="Correct answer" /> : null}
              {isWrongPick ? <XCircle className="size-4" aria-label="Your answer, wrong" /> : null}
            </label>
          );
        })}
      </fieldset>
      {feedback ? (
        <p role="status" className={cn('font-medium', feedback.correct ? 'text-success' : 'text-destructive')}>
          {feedback.correct ? 'Correct!' : `Not quite: the answer is ${LETTERS[feedback.correctAnswer - 1]}.`}
        </p>
      ) : null}
      {feedback?.explanation ? (
        <p className="rounded-lg bg-muted px-3 py-2 text-sm break-words whitespace-pre-line">
          <span className="font-medium">Explanation: </span>
          {feedback.explanation}
        </p>
      ) : null}
      <div>
        {feedback ? (
          <Button ref={nextButton} onClick={() => void next()} disabled={busy}>
            {isLast ? 'Complete Quiz' : 'Next Question'}
          </Button>
        ) : (
          <Button onClick={() => void submit()} disabled={picked === null || busy}>
            Submit Answer
          </Button>
        )}
      </div>
    </div>
  );
}
