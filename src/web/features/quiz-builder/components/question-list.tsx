import { ListChecks } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { AnyQuestion, Question } from '#shared/schemas/creator';
import { RegionError } from '#web/components/errors/region-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { useDeleteQuestion } from '../api/delete-question';
import { useUpdateQuestion } from '../api/update-question';
import { isCreatorTyped, QuestionCard } from './question-card';
import { QuestionForm } from './question-form';
import { TypedQuestionForm } from './typed-question-form';

interface QuestionListProps {
  quizId: string;
  courseId: string;
  questions: AnyQuestion[] | undefined;
  isError: boolean;
  error: unknown;
  onRetry: () => void;
}

export function QuestionList({ quizId, courseId, questions, isError, error, onRetry }: QuestionListProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const remove = useDeleteQuestion(quizId, courseId);
  const move = useUpdateQuestion(quizId, courseId);
  const [editingId, setEditingId] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);

  /** The question just moved and which way: its button gets the focus once the list shows its new place. */
  const [moved, setMoved] = useState<{ id: string; direction: 'up' | 'down' } | null>(null);
  useEffect(() => {
    if (!moved || !questions) return;
    const place = questions.findIndex((question) => question.id === moved.id) + 1;
    if (place === 0) return;
    const find = (way: string) =>
      list.current?.children[place - 1]?.querySelector<HTMLButtonElement>(`button[data-move="${way}"]:not(:disabled)`);
    // The same way again, or the other at an end of the list.
    (find(moved.direction) ?? find(moved.direction === 'up' ? 'down' : 'up') ?? heading.current)?.focus();
    setMoved(null);
  }, [moved, questions]);

  /** Moving to the neighbour's place swaps the two, as modules and slides do. */
  const onMove = (question: AnyQuestion, index: number, direction: 'up' | 'down') => {
    const neighbour = questions?.[direction === 'up' ? index - 1 : index + 1];
    if (!neighbour) return;
    move.mutate(
      { id: question.id, body: { order: neighbour.order } },
      {
        // The DOM still shows the old order here: the effect above focuses once the new one is drawn.
        onSuccess: (updated) => setMoved({ id: updated.id, direction }),
        onError: (failure) =>
          toast({
            variant: 'destructive',
            title: t('quizBuilder.reorderFailed'),
            description: getErrorMessage(failure, t('courseEditor.checkConnection')),
          }),
      },
    );
  };

  // No confirmation for questions (docs/product.md, Web app conventions).
  const onDelete = (question: AnyQuestion) =>
    remove.mutate(
      { id: question.id },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: t('quizBuilder.questionDeleted') });
          // The deleted card held the focus; keyboard users continue from the list.
          heading.current?.focus();
        },
        onError: (failure) =>
          toast({
            variant: 'destructive',
            title: t('quizBuilder.deleteFailed'),
            description: getErrorMessage(failure, t('courseEditor.checkConnection')),
          }),
      },
    );

  return (
    <section aria-labelledby="questions-title">
      <h2 id="questions-title" ref={heading} tabIndex={-1} className="mb-4 text-lg font-semibold focus-visible:outline-none">
        {questions ? t('quizBuilder.questionsCount', { count: questions.length }) : t('quizBuilder.questions')}
      </h2>
      {isError ? (
        <RegionError
          title={t('quizBuilder.questionsLoadFailed')}
          description={getErrorMessage(error, t('courseEditor.checkConnection'))}
          onRetry={onRetry}
        />
      ) : questions === undefined ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">{t('quizBuilder.loadingQuiz')}</span>
          <Skeleton className="h-36 rounded-xl" />
          <Skeleton className="h-36 rounded-xl" />
        </div>
      ) : questions.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed px-6 py-12 text-center">
          <ListChecks className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">{t('quizBuilder.noQuestions')}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{t('quizBuilder.noQuestionsHint')}</p>
        </div>
      ) : (
        <ol ref={list} className="grid gap-3" aria-busy={remove.isPending || move.isPending || undefined}>
          {questions.map((question, index) => (
            <li key={question.id}>
              {editingId === question.id && isCreatorTyped(question) ? (
                <TypedQuestionForm
                  quizId={quizId}
                  courseId={courseId}
                  type={question.type}
                  questionCount={questions.length}
                  editing={{
                    question,
                    number: index + 1,
                    onDone: () => {
                      setEditingId(null);
                      heading.current?.focus();
                    },
                  }}
                />
              ) : editingId === question.id ? (
                <QuestionForm
                  quizId={quizId}
                  courseId={courseId}
                  questionCount={questions.length}
                  editing={{
                    question: question as Question,
                    number: index + 1,
                    onDone: () => {
                      setEditingId(null);
                      heading.current?.focus();
                    },
                  }}
                />
              ) : (
                <QuestionCard
                  question={question}
                  number={index + 1}
                  isFirst={index === 0}
                  isLast={index === questions.length - 1}
                  isBusy={remove.isPending || move.isPending}
                  onDelete={() => onDelete(question)}
                  onEdit={() => setEditingId(question.id)}
                  onMove={(direction) => onMove(question, index, direction)}
                />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
