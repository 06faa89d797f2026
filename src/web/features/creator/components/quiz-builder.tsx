import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { Question } from '#shared/schemas/creator';
import { RegionError } from '#web/components/errors/region-error';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { apiJson, getErrorMessage, isApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { queryKeys } from '#web/lib/query-keys';
import { quizQuery, quizQuestionsQuery } from '../api/creator-queries';
import { useRefreshCourse } from '../api/use-refresh';
import { CreatorPage, PageHeader } from './page-header';

const LETTERS = ['A', 'B', 'C', 'D'] as const;
type Draft = { question: string; options: [string, string, string, string]; correctAnswer: number };
const EMPTY: Draft = { question: '', options: ['', '', '', ''], correctAnswer: 1 };

/** SPEC §5: A and B required, C and D optional; the answer must be one of the filled options. */
export function checkQuestion(draft: Draft): { title: string; description: string } | null {
  const [a, b] = draft.options;
  if (!draft.question.trim() || !a.trim() || !b.trim()) {
    return { title: 'Incomplete form', description: 'Please fill in the question and at least 2 answer options (A and B).' };
  }
  const filled = draft.options.filter((option) => option.trim()).length;
  if (draft.correctAnswer > filled || !draft.options[draft.correctAnswer - 1]?.trim()) {
    return { title: 'Invalid correct answer', description: 'Please select a correct answer from the filled options.' };
  }
  return null;
}

function QuestionForm({ quizId, courseId, count }: { quizId: string; courseId: string; count: number }) {
  const refresh = useRefreshCourse();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [saving, setSaving] = useState(false);
  const groupId = useId();
  const setOption = (index: number, value: string) =>
    setDraft((current) => {
      const options = [...current.options] as Draft['options'];
      options[index] = value;
      return { ...current, options };
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkQuestion(draft);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    const [a, b, c, d] = draft.options.map((option) => option.trim());
    setSaving(true);
    try {
      await apiJson('POST', `/api/quizzes/${encodeURIComponent(quizId)}/questions`, {
        question: draft.question.trim(),
        optionA: a,
        optionB: b,
        optionC: c || null,
        optionD: d || null,
        correctAnswer: draft.correctAnswer,
        order: count,
      });
      toast({ variant: 'success', title: 'Question added' });
      setDraft(EMPTY);
      await refresh(courseId, queryKeys.quizQuestions(quizId));
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to add question',
        description: getErrorMessage(error, 'Please try again.'),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="self-start p-5 sm:p-6">
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby={`${groupId}-title`}>
        <h2 id={`${groupId}-title`} className="text-lg font-semibold">
          Add New Question
        </h2>
        <FormField label="Question">
          {(control) => (
            <textarea
              {...control}
              rows={2}
              maxLength={2000}
              value={draft.question}
              onChange={(event) => setDraft((current) => ({ ...current, question: event.target.value }))}
              className="rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          {LETTERS.map((letter, index) => (
            <FormField key={letter} label={index < 2 ? `Option ${letter}` : `Option ${letter} (optional)`}>
              {(control) => (
                <Input
                  {...control}
                  value={draft.options[index]}
                  maxLength={500}
                  onChange={(event) => setOption(index, event.target.value)}
                />
              )}
            </FormField>
          ))}
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Correct Answer</legend>
          <div className="flex flex-wrap gap-4">
            {LETTERS.map((letter, index) =>
              index < 2 || draft.options[index]?.trim() ? (
                <label key={letter} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${groupId}-correct`}
                    value={index + 1}
                    checked={draft.correctAnswer === index + 1}
                    onChange={() => setDraft((current) => ({ ...current, correctAnswer: index + 1 }))}
                    className="size-4 accent-primary"
                  />
                  Option {letter}
                </label>
              ) : null,
            )}
          </div>
        </fieldset>
        <Button type="submit" disabled={saving} className="w-fit">
          <Plus aria-hidden="true" /> Add Question
        </Button>
      </form>
    </Card>
  );
}

function QuestionCard({
  question,
  number,
  onDelete,
  busy,
}: {
  question: Question;
  number: number;
  onDelete: () => void;
  busy: boolean;
}) {
  const options = [question.optionA, question.optionB, question.optionC, question.optionD];
  return (
    <li className="rounded-xl border bg-card p-4">
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium break-words">
          {number}. {question.question}
        </p>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete question ${number}`}
          onClick={onDelete}
          disabled={busy}
          className="text-destructive hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <ul className="mt-3 grid gap-2">
        {options.map((option, index) => {
          if (!option) return null;
          const correct = question.correctAnswer === index + 1;
          return (
            <li
              key={LETTERS[index]}
              className={
                correct
                  ? 'flex items-center gap-2 rounded-lg border border-success/40 bg-success-muted px-3 py-2 text-sm text-success-muted-foreground'
                  : 'rounded-lg border px-3 py-2 text-sm'
              }
            >
              {correct ? <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" /> : null}
              <span className="break-words">
                {LETTERS[index]}. {option}
                {correct ? ' (Correct)' : ''}
              </span>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

export function QuizBuilder({ quizId }: { quizId: string }) {
  const quiz = useQuery(quizQuery(quizId));
  const questions = useQuery(quizQuestionsQuery(quizId));
  const refresh = useRefreshCourse();
  const [deleting, setDeleting] = useState(false);
  useDocumentTitle(quiz.data ? `Quiz: ${quiz.data.title}` : 'Quiz Builder');

  if (quiz.isPending) {
    return (
      <CreatorPage>
        <p role="status" className="py-20 text-center text-muted-foreground">
          Loading quiz...
        </p>
      </CreatorPage>
    );
  }
  if (quiz.isError) {
    return (
      <CreatorPage>
        <PageHeader backTo={paths.creator.dashboard.getHref()} title="Quiz Builder" />
        <RegionError
          title={isApiError(quiz.error, 404) ? 'Quiz not found' : 'The quiz could not be loaded'}
          onRetry={() => void quiz.refetch()}
        />
      </CreatorPage>
    );
  }
  const courseId = quiz.data.courseId;
  const remove = async (question: Question) => {
    setDeleting(true);
    try {
      await apiJson('DELETE', `/api/questions/${encodeURIComponent(question.id)}`);
      toast({ variant: 'success', title: 'Question deleted' });
      await refresh(courseId, queryKeys.quizQuestions(quizId));
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to delete question',
        description: getErrorMessage(error, 'Please try again.'),
      });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <CreatorPage>
      <PageHeader
        backTo={paths.creator.courseBuilder.getHref(courseId)}
        backLabel="Back to Course Builder"
        title={quiz.data.title}
        description={quiz.data.description}
      />
      <div className="grid gap-8 lg:grid-cols-2">
        <QuestionForm quizId={quizId} courseId={courseId} count={questions.data?.length ?? 0} />
        <section aria-labelledby="questions-title">
          <h2 id="questions-title" className="mb-4 text-lg font-semibold">
            Questions ({questions.data?.length ?? 0})
          </h2>
          {questions.isPending ? (
            <p role="status" className="text-muted-foreground">
              Loading quiz...
            </p>
          ) : questions.isError ? (
            <RegionError title="The questions could not be loaded" onRetry={() => void questions.refetch()} />
          ) : questions.data.length === 0 ? (
            <p className="rounded-xl border border-dashed px-6 py-10 text-center text-muted-foreground">
              No questions yet. Add the first one with the form.
            </p>
          ) : (
            <ol className="grid gap-3">
              {questions.data.map((question, index) => (
                <QuestionCard
                  key={question.id}
                  question={question}
                  number={index + 1}
                  busy={deleting}
                  onDelete={() => void remove(question)}
                />
              ))}
            </ol>
          )}
        </section>
      </div>
    </CreatorPage>
  );
}
