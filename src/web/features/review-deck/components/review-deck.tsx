import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Layers } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { AnyQuestion, Question } from '#shared/schemas/creator';
import type { ReviewAnswerBody, ReviewAnswerResult, ReviewDeck } from '#shared/schemas/review-deck';
import { AnswerFeedback } from '#web/components/answer-feedback';
import { EmptyState } from '#web/components/empty-state';
import { RegionError } from '#web/components/errors/region-error';
import { GradingStatus } from '#web/components/grading-status';
import { LazyCodeAnswer } from '#web/components/lazy-code-answer';
import { SingleChoiceAnswer } from '#web/components/single-choice-answer';
import { TypedAnswerInput } from '#web/components/typed-answer';
import { Button } from '#web/components/ui/button';
import { Progress } from '#web/components/ui/progress';
import { Skeleton } from '#web/components/ui/skeleton';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { freshDraft, isCodeQuestion, isTyped, type TypedDraft } from '#web/lib/answer-words';
import { useReviewDeck } from '#web/lib/api/get-review-deck';
import { reviewDeckQueryKey } from '#web/lib/api/review-deck-key';
import { isApiError } from '#web/lib/api-client';
import { gradingRefusal } from '#web/lib/grading-refusal';
import { intlLocale } from '#web/lib/i18n/locale';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { answerReviewCard } from '../api/answer-review-card';
import { dueInWords } from '../lib/due-in-words';
import { KeyboardHints } from './keyboard-hints';

/** The code editor and Python: loaded only when a code card is shown. */

const linkClass = 'font-medium text-primary underline underline-offset-4';

/** Typing in a field (the code editor too): digits are its text there, not a choice. */
const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLElement && target.isContentEditable) ||
  (target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit'].includes(target.type));
/** Enter on a button or link presses it: the page leaves it alone. */
const isPressable = (target: EventTarget | null) => target instanceof HTMLElement && target.closest('button, a') !== null;

/** The draft after key `n` (1–8) on a question with choices; undefined when the key picks nothing there. */
function draftForKey(question: AnyQuestion, draft: TypedDraft, n: number): TypedDraft | undefined {
  if (!isTyped(question)) return undefined;
  if (question.type === 'true_false') return n <= 2 ? { value: n === 1 } : undefined;
  if (question.type !== 'multiple') return undefined;
  const id = question.choices[n - 1]?.id;
  if (!id) return undefined;
  const picked = Array.isArray(draft.value) ? draft.value : [];
  const next = picked.includes(id) ? picked.filter((one) => one !== id) : [...picked, id];
  return { value: next.length > 0 ? next : undefined };
}

const singleOptions = (question: Question) => [question.optionA, question.optionB, question.optionC, question.optionD];

function Loading() {
  return (
    <div role="status" aria-label={t('reviewDeck.loading')} className="grid gap-4">
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-8 w-3/4" />
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-12 rounded-xl" />
      ))}
    </div>
  );
}

/**
 * The review page (docs/product.md, Review deck): the due cards one at a time, answered by keyboard
 * (1–8 choose, Enter submits, Enter or → goes on), mouse or touch. The cards of one fetch make a round;
 * after its last, the deck is asked again, so a card answered wrong comes back once it is due.
 */
export function ReviewDeckPage() {
  useDocumentTitle(t('reviewDeck.title'));
  const queryClient = useQueryClient();
  const deck = useReviewDeck();
  /** The round being answered: fixed at the first answer, so a refetch cannot move the cards under the learner. */
  const [round, setRound] = useState<ReviewDeck | null>(null);
  const [position, setPosition] = useState(0);
  /** Cards answered in the rounds before this one. */
  const [answeredBefore, setAnsweredBefore] = useState(0);
  const [picked, setPicked] = useState<number | null>(null);
  const [draft, setDraft] = useState<TypedDraft>({ value: undefined });
  const [result, setResult] = useState<ReviewAnswerResult | null>(null);
  const [busy, setBusy] = useState(false);
  /** Why a code answer could not be graded now: it may be sent again. */
  const [gradingNotice, setGradingNotice] = useState<string | null>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const questionHeading = useRef<HTMLHeadingElement>(null);
  const moveFocus = useRef<'next' | 'question' | null>(null);
  useEffect(() => {
    const element = moveFocus.current === 'next' ? nextButton.current : moveFocus.current ? questionHeading.current : null;
    if (!element) return;
    moveFocus.current = null;
    element.focus();
  });

  const current = round ?? deck.data;
  const item = current?.items[position];
  const question = item?.question as AnyQuestion | undefined;
  const code = question && isCodeQuestion(question) ? question : null;
  const typed = !code && question && isTyped(question) ? question : null;
  // The code as edited: the starter code until the learner types.
  const source = code ? (typeof draft.value === 'string' ? draft.value : code.starterCode) : '';
  const isReady = code ? true : typed ? draft.value !== undefined : picked !== null;

  const showCard = (at: number, items: ReviewDeck['items']) => {
    setPosition(at);
    setPicked(null);
    setDraft(freshDraft(items[at]?.question as AnyQuestion | undefined));
    setResult(null);
    setGradingNotice(null);
    moveFocus.current = 'question';
  };
  // The first card of the first round: its draft (an ordering question's shown order) once it is known.
  const firstItemId = deck.data?.items[0]?.id;
  useEffect(() => {
    if (round === null && firstItemId !== undefined) setDraft(freshDraft(deck.data?.items[0]?.question as AnyQuestion));
  }, [round, firstItemId, deck.data]);

  const submit = async () => {
    if (!item || !current || !isReady || busy || result) return;
    const body: ReviewAnswerBody = code
      ? { answer: source }
      : typed
        ? { answer: draft.value }
        : { selectedOption: picked ?? undefined };
    setRound(current);
    setBusy(true);
    setGradingNotice(null);
    try {
      setResult(await answerReviewCard({ cardId: item.id, body }));
      moveFocus.current = 'next';
      // My Courses counts again when it is next shown; this page keeps its round.
      void queryClient.invalidateQueries({ queryKey: reviewDeckQueryKey, refetchType: 'none' });
    } catch (error) {
      const refusal = code ? gradingRefusal(error) : null;
      if (refusal) {
        setGradingNotice(refusal);
      } else if (isApiError(error, 409) || isApiError(error, 404)) {
        toast({ title: t('reviewDeck.cardSkipped'), description: t('reviewDeck.cardGone') });
        void next();
      } else {
        toast({ variant: 'destructive', title: t('quizzes.submitFailed') });
      }
    } finally {
      setBusy(false);
    }
  };

  const next = async () => {
    if (!current) return;
    if (position + 1 < current.items.length) return showCard(position + 1, current.items);
    setBusy(true);
    try {
      const { data, error } = await deck.refetch();
      if (error || !data) throw error;
      setAnsweredBefore((count) => count + current.items.length);
      setRound(data);
      showCard(0, data.items);
    } catch {
      toast({ variant: 'destructive', title: t('reviewDeck.loadFailed') });
    } finally {
      setBusy(false);
    }
  };

  const onKey = useRef<(event: KeyboardEvent) => void>(() => {});
  onKey.current = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || !question || busy) return;
    if (result) {
      const goOn =
        (event.key === 'Enter' && !isPressable(event.target)) || (event.key === 'ArrowRight' && !isTextField(event.target));
      if (!goOn) return;
      event.preventDefault();
      void next();
    } else if (event.key === 'Enter' && !isPressable(event.target)) {
      event.preventDefault();
      void submit();
    } else if (/^[1-8]$/.test(event.key) && !isTextField(event.target)) {
      const n = Number(event.key);
      if (typed) {
        const nextDraft = draftForKey(typed, draft, n);
        if (nextDraft) setDraft(nextDraft);
      } else if (singleOptions(question as Question)[n - 1]) {
        setPicked(n);
      }
    }
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const heading = <h1 className="mb-6 text-3xl font-bold tracking-tight">{t('reviewDeck.title')}</h1>;
  const page = (body: ReactNode) => <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 lg:py-12">{body}</div>;

  if (deck.isPending)
    return page(
      <>
        {heading}
        <Loading />
      </>,
    );
  if (!current) {
    return page(
      <>
        {heading}
        <RegionError title={t('reviewDeck.loadFailed')} onRetry={() => void deck.refetch()} />
      </>,
    );
  }
  if (!item || !question) {
    return page(
      <>
        {heading}
        <EmptyState icon={Layers} title={t('reviewDeck.nothingToReview')}>
          <p className="text-muted-foreground">
            {answeredBefore > 0 ? t('reviewDeck.reviewedCount', { count: answeredBefore }) : t('reviewDeck.missedComeBack')}{' '}
            <Link to={paths.myCourses.getHref()} className={linkClass}>
              {t('reviewDeck.backToMyCourses')}
            </Link>
          </p>
        </EmptyState>
      </>,
    );
  }

  const number = answeredBefore + position + 1;
  const total = answeredBefore + current.dueCount;
  const isLast = position + 1 >= current.items.length && current.dueCount <= current.items.length;
  return page(
    <>
      {heading}
      <div className="grid gap-5 rounded-2xl border bg-card p-4 sm:p-6">
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
            <p>{t('reviewDeck.cardOf', { number, total })}</p>
            <p className="break-words">{item.course.title}</p>
          </div>
          <Progress value={((number - 1) / total) * 100} className="h-1.5" aria-label={t('reviewDeck.progress')} />
        </div>
        <h2 ref={questionHeading} tabIndex={-1} className="text-xl font-semibold break-words focus:outline-none">
          {question.question}
        </h2>
        {code ? (
          <LazyCodeAnswer
            key={item.id}
            question={code}
            value={source}
            onChange={(value) => setDraft({ value })}
            readOnly={result !== null || busy}
          />
        ) : typed ? (
          <TypedAnswerInput key={item.id} question={typed} draft={draft} onChange={setDraft} disabled={result !== null || busy} />
        ) : (
          <SingleChoiceAnswer
            key={item.id}
            question={question as Question}
            picked={picked}
            onPick={setPicked}
            result={result}
            disabled={result !== null || busy}
          />
        )}
        <GradingStatus isGrading={Boolean(code && busy && !result)} notice={gradingNotice} />
        {result ? (
          <AnswerFeedback
            question={question}
            result={result}
            note={t('reviewDeck.nextReview', { when: dueInWords(result.nextDue, Date.now(), intlLocale()) })}
          />
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          {result ? (
            <Button ref={nextButton} onClick={() => void next()} disabled={busy}>
              {isLast ? t('reviewDeck.finish') : t('reviewDeck.nextCard')}{' '}
              <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
            </Button>
          ) : (
            <Button onClick={() => void submit()} disabled={!isReady || busy}>
              {code ? t('quizzes.submitCode') : t('quizzes.submitAnswer')}
            </Button>
          )}
          <KeyboardHints question={question} />
        </div>
      </div>
    </>,
  );
}
