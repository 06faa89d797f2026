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
import { apiErrorText, apiFieldErrors } from '#web/lib/form';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { useCreateQuestion } from '../api/create-question';
import { useUpdateQuestion } from '../api/update-question';
import {
  type BuilderQuestion,
  type BuilderQuestionType,
  emptyTypedDraft,
  previewOf,
  type TypedQuestionDraft,
  toTypedDraft,
  toTypedQuestionBody,
} from '../lib/typed-question-draft';

/** Loaded only when a code question is built or edited. */
const CodeEditor = lazy(() => import('#web/components/code-editor'));
const CodeAnswer = lazy(() => import('#web/components/code-answer'));

function LoadingEditor() {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {t('quizBuilder.loadingCodeEditor')}
    </p>
  );
}

/** The name of a row of the list the type edits, and of its buttons. */
function itemWords(type: BuilderQuestionType, number: number) {
  switch (type) {
    case 'ordering':
      return {
        name: t('quizBuilder.stepN', { number }),
        remove: t('quizBuilder.removeStepN', { number }),
        add: t('quizBuilder.addStep'),
      };
    case 'short_text':
      return {
        name: t('quizBuilder.acceptedN', { number }),
        remove: t('quizBuilder.removeAcceptedN', { number }),
        add: t('quizBuilder.addAccepted'),
      };
    default:
      return {
        name: t('quizBuilder.choiceN', { number }),
        remove: t('quizBuilder.removeChoiceN', { number }),
        add: t('quizBuilder.addChoice'),
      };
  }
}

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
  const previewed = previewOf(draft);
  const itemsError = Object.entries(errors).find(([field]) => /^(choices|acceptedAnswers|correctChoices)/.test(field))?.[1];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = toTypedQuestionBody(draft, editing ? editing.question.order : questionCount + 1);
    if (!checked.body) {
      setErrors(checked.fieldErrors);
      toast({
        variant: 'destructive',
        title: t('quizBuilder.checkQuestion'),
        description: Object.values(checked.fieldErrors)[0],
      });
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
      toast({ title: editing ? t('quizBuilder.questionUpdated') : t('quizBuilder.questionAdded') });
    } catch (error) {
      setErrors(apiFieldErrors(error) ?? {});
      toast({
        variant: 'destructive',
        title: editing ? t('quizBuilder.updateFailed') : t('quizBuilder.addFailed'),
        description: apiErrorText(error, t('courseBuilder.tryAgain')),
      });
    }
  }

  return (
    <Card className="p-5 sm:p-6">
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId} className="grid gap-4">
        <h2 id={headingId} className="text-lg font-semibold">
          {editing
            ? t('quizBuilder.editQuestionHeading', { number: editing.number })
            : t('quizBuilder.addTypedQuestion', { type: draft.type })}
        </h2>
        <FormField label={t('quizBuilder.question')} error={errors.question}>
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
                ? t('quizBuilder.legendOrdering')
                : draft.type === 'multiple'
                  ? t('quizBuilder.legendMultiple')
                  : t('quizBuilder.legendAccepted')}
            </legend>
            {draft.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are places in the list, edited in place.
              <div key={index} className="flex items-center gap-2">
                {draft.type === 'multiple' ? (
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-primary"
                    aria-label={t('quizBuilder.choiceIsCorrect', { number: index + 1 })}
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
                  aria-label={itemWords(draft.type, index + 1).name}
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
                  aria-label={itemWords(draft.type, index + 1).remove}
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
              <Plus aria-hidden="true" /> {itemWords(draft.type, draft.items.length + 1).add}
            </Button>
            {itemsError ? <p className="text-sm font-medium text-destructive">{itemsError}</p> : null}
          </fieldset>
        ) : null}

        {draft.type === 'true_false' ? (
          <fieldset className="flex flex-wrap gap-x-5 gap-y-2">
            <legend className="mb-2 text-sm font-medium">{t('quizBuilder.correctAnswer')}</legend>
            {[true, false].map((value) => (
              <label key={String(value)} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${headingId}-true-false`}
                  className="size-4 accent-primary"
                  checked={draft.isTrue === value}
                  onChange={() => change({ isTrue: value })}
                />
                {value ? t('quizBuilder.true') : t('quizBuilder.false')}
              </label>
            ))}
          </fieldset>
        ) : null}

        {draft.type === 'numeric' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('quizBuilder.correctNumberLabel')} error={errors.correctNumber}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={draft.correctNumber}
                  onChange={(event) => change({ correctNumber: event.target.value })}
                />
              )}
            </FormField>
            <FormField label={t('quizBuilder.tolerance')} hint={t('quizBuilder.toleranceHint')} error={errors.tolerance}>
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
          <Suspense fallback={<LoadingEditor />}>
            <CodeEditor
              label={t('quizBuilder.starterCodeLabel')}
              value={draft.starterCode}
              onChange={(starterCode) => change({ starterCode })}
              minHeight="6rem"
              error={errors.starterCode}
            />
            <div className="grid gap-1">
              <CodeEditor
                label={t('quizBuilder.testsLabel')}
                value={draft.testCode}
                onChange={(testCode) => change({ testCode })}
                minHeight="6rem"
                error={errors.testCode}
              />
              <p className="text-xs text-muted-foreground">
                <RichText
                  text={t('quizBuilder.testsHelp')}
                  tags={{
                    code: (words) => (
                      <code className="font-mono" dir="ltr">
                        {words}
                      </code>
                    ),
                  }}
                />
              </p>
            </div>
          </Suspense>
        ) : null}

        <FormField label={t('quizBuilder.explanationOptional')} hint={t('quizBuilder.explanationHintShort')}>
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

        <section aria-label={t('quizBuilder.preview')} className="grid gap-3 rounded-xl border border-dashed p-4">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t('quizBuilder.previewHeading')}</p>
          <p className="font-medium break-words whitespace-pre-line">{previewed.question}</p>
          {previewed.type === 'code' ? (
            <Suspense fallback={<LoadingEditor />}>
              {/* The starter code as learners get it; Run works here too. */}
              <CodeAnswer
                question={previewed}
                value={previewed.starterCode}
                onChange={() => {}}
                readOnly
                label={t('quizBuilder.learnersCode')}
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
              {t('courseEditor.cancel')}
            </Button>
          ) : null}
          <Button type="submit" className="w-full sm:w-fit" disabled={isPending}>
            {isPending ? <Spinner /> : editing ? <Save aria-hidden="true" /> : <Plus aria-hidden="true" />}
            {editing ? t('quizBuilder.saveQuestion') : t('quizBuilder.addQuestion')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
