import { Plus, Save, X } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { ACCEPTED_ANSWERS_MAX, CHOICES_MAX, CHOICES_MIN } from '#shared/schemas/questions';
import { TypedAnswerInput } from '#web/components/typed-answer';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import type { TypedDraft } from '#web/lib/answer-words';
import { getErrorMessage, getFieldErrors } from '#web/lib/api-client';
import { useCreateQuestion } from '../api/create-question';
import { useUpdateQuestion } from '../api/update-question';
import {
  type BuilderQuestion,
  type BuilderQuestionType,
  emptyTypedDraft,
  previewOf,
  TYPED_QUESTION_LABELS,
  type TypedQuestionDraft,
  toTypedDraft,
  toTypedQuestionBody,
} from '../lib/typed-question-draft';

/** Loaded only when a code question is built or edited. */
const CodeEditor = lazy(() => import('#web/components/code-editor'));
const CodeAnswer = lazy(() => import('#web/components/code-answer'));

const loadingEditor = (
  <p role="status" className="text-sm text-muted-foreground">
    Loading the code editor...
  </p>
);

const textArea =
  'min-h-16 w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none aria-invalid:border-destructive md:text-sm';

/**
 * A question of a type beyond the single choice (docs/product.md, Learning): its own fields, an
 * optional explanation, and a preview of what learners will answer. With `editing`, edits one.
 */
export function TypedQuestionForm({
  quizId,
  courseId,
  type,
  questionCount,
  editing,
}: {
  quizId: string;
  courseId: string;
  type: BuilderQuestionType;
  questionCount: number;
  editing?: { question: BuilderQuestion; number: number; onDone: () => void };
}) {
  const headingId = useId();
  const [draft, setDraft] = useState<TypedQuestionDraft>(() =>
    editing ? toTypedDraft(editing.question) : emptyTypedDraft(type),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<TypedDraft>({ value: undefined });
  const create = useCreateQuestion(quizId, courseId);
  const update = useUpdateQuestion(quizId, courseId);
  const isPending = create.isPending || update.isPending;
  const change = (patch: Partial<TypedQuestionDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
  };
  const hasItems = draft.type === 'multiple' || draft.type === 'ordering' || draft.type === 'short_text';
  const maxItems = draft.type === 'short_text' ? ACCEPTED_ANSWERS_MAX : CHOICES_MAX;
  const minItems = draft.type === 'short_text' ? 1 : CHOICES_MIN;
  const itemsLabel = { multiple: 'Choice', ordering: 'Step', short_text: 'Accepted answer' } as const;
  const previewed = previewOf(draft);
  const itemsError = Object.entries(errors).find(([field]) => /^(choices|acceptedAnswers|correctChoices)/.test(field))?.[1];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = toTypedQuestionBody(draft, editing ? editing.question.order : questionCount + 1);
    if (!checked.body) {
      setErrors(checked.fieldErrors);
      toast({ variant: 'destructive', title: 'Please check the question', description: Object.values(checked.fieldErrors)[0] });
      return;
    }
    try {
      if (editing) {
        const { order: _order, ...fields } = checked.body;
        await update.mutateAsync({ id: editing.question.id, body: fields });
        editing.onDone();
      } else {
        await create.mutateAsync(checked.body);
        setDraft(emptyTypedDraft(draft.type));
        setPreview({ value: undefined });
      }
      toast({ title: editing ? 'Question updated' : 'Question added' });
    } catch (error) {
      setErrors(getFieldErrors(error) ?? {});
      toast({
        variant: 'destructive',
        title: editing ? 'Failed to update question' : 'Failed to add question',
        description: getErrorMessage(error, 'Please try again.'),
      });
    }
  }

  return (
    <Card className="p-5 sm:p-6">
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId} className="grid gap-4">
        <h2 id={headingId} className="text-lg font-semibold">
          {editing ? `Edit Question ${editing.number}` : `Add ${TYPED_QUESTION_LABELS[draft.type]} Question`}
        </h2>
        <FormField label="Question" error={errors.question}>
          {(control) => (
            <textarea
              {...control}
              maxLength={2_000}
              value={draft.question}
              onChange={(event) => change({ question: event.target.value })}
              className={textArea}
            />
          )}
        </FormField>

        {hasItems ? (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">
              {draft.type === 'ordering'
                ? 'Steps, in the right order (learners get them shuffled)'
                : draft.type === 'multiple'
                  ? 'Choices (tick every correct one)'
                  : 'Accepted answers (case and spaces do not matter)'}
            </legend>
            {draft.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are places in the list, edited in place.
              <div key={index} className="flex items-center gap-2">
                {draft.type === 'multiple' ? (
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-primary"
                    aria-label={`Choice ${index + 1} is correct`}
                    checked={draft.correct.includes(index)}
                    onChange={(event) =>
                      change({
                        correct: event.target.checked
                          ? [...draft.correct, index].sort((a, b) => a - b)
                          : draft.correct.filter((place) => place !== index),
                      })
                    }
                  />
                ) : null}
                <Input
                  aria-label={`${itemsLabel[draft.type as keyof typeof itemsLabel]} ${index + 1}`}
                  maxLength={500}
                  value={item}
                  onChange={(event) =>
                    change({ items: draft.items.map((text, at) => (at === index ? event.target.value : text)) })
                  }
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove ${itemsLabel[draft.type as keyof typeof itemsLabel].toLowerCase()} ${index + 1}`}
                  disabled={draft.items.length <= minItems}
                  onClick={() =>
                    change({
                      items: draft.items.filter((_, at) => at !== index),
                      correct: draft.correct
                        .filter((place) => place !== index)
                        .map((place) => (place > index ? place - 1 : place)),
                    })
                  }
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="w-fit"
              disabled={draft.items.length >= maxItems}
              onClick={() => change({ items: [...draft.items, ''] })}
            >
              <Plus aria-hidden="true" /> Add {itemsLabel[draft.type as keyof typeof itemsLabel].toLowerCase()}
            </Button>
            {itemsError ? <p className="text-sm font-medium text-destructive">{itemsError}</p> : null}
          </fieldset>
        ) : null}

        {draft.type === 'true_false' ? (
          <fieldset className="flex flex-wrap gap-x-5 gap-y-2">
            <legend className="mb-2 text-sm font-medium">Correct Answer</legend>
            {[true, false].map((value) => (
              <label key={String(value)} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${headingId}-true-false`}
                  className="size-4 accent-primary"
                  checked={draft.isTrue === value}
                  onChange={() => change({ isTrue: value })}
                />
                {value ? 'True' : 'False'}
              </label>
            ))}
          </fieldset>
        ) : null}

        {draft.type === 'numeric' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Correct number" error={errors.correctNumber}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={draft.correctNumber}
                  onChange={(event) => change({ correctNumber: event.target.value })}
                />
              )}
            </FormField>
            <FormField label="Tolerance (±)" hint="An answer this close or closer is right." error={errors.tolerance}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={draft.tolerance}
                  onChange={(event) => change({ tolerance: event.target.value })}
                />
              )}
            </FormField>
          </div>
        ) : null}

        {draft.type === 'code' ? (
          <Suspense fallback={loadingEditor}>
            <CodeEditor
              label="Starter code (what learners' editor starts with; may be empty)"
              value={draft.starterCode}
              onChange={(starterCode) => change({ starterCode })}
              minHeight="6rem"
              error={errors.starterCode}
            />
            <div className="grid gap-1">
              <CodeEditor
                label="Tests (Python run after the learner's code; never shown to learners)"
                value={draft.testCode}
                onChange={(testCode) => change({ testCode })}
                minHeight="6rem"
                error={errors.testCode}
              />
              <p className="text-xs text-muted-foreground">
                The answer is correct when the learner's code and then these tests run without an exception, e.g.{' '}
                <code className="font-mono">assert add(2, 3) == 5</code>.
              </p>
            </div>
          </Suspense>
        ) : null}

        <FormField label="Explanation (optional)" hint="Learners see it after they answer.">
          {(control) => (
            <textarea
              {...control}
              maxLength={2_000}
              value={draft.explanation}
              onChange={(event) => change({ explanation: event.target.value })}
              className={textArea}
            />
          )}
        </FormField>

        <section aria-label="Preview" className="grid gap-3 rounded-xl border border-dashed p-4">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Preview: what learners answer</p>
          <p className="font-medium break-words whitespace-pre-line">{previewed.question}</p>
          {previewed.type === 'code' ? (
            <Suspense fallback={loadingEditor}>
              {/* The starter code as learners get it; Run works here too. */}
              <CodeAnswer
                question={previewed}
                value={previewed.starterCode}
                onChange={() => {}}
                readOnly
                label="Learner's code"
              />
            </Suspense>
          ) : (
            <TypedAnswerInput
              key={`${draft.type}-${draft.items.length}`}
              question={previewed}
              draft={preview}
              onChange={setPreview}
              disabled={false}
            />
          )}
        </section>

        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {editing ? (
            <Button type="button" variant="outline" className="w-full sm:w-fit" onClick={editing.onDone}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" className="w-full sm:w-fit" disabled={isPending}>
            {isPending ? <Spinner /> : editing ? <Save aria-hidden="true" /> : <Plus aria-hidden="true" />}
            {editing ? 'Save Question' : 'Add Question'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
