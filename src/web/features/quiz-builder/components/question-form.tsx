import { Plus, Save } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Question } from '#shared/schemas/creator';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { apiErrorText, apiFieldErrors } from '#web/lib/form';
import { t } from '#web/lib/i18n/t';
import { useCreateQuestion } from '../api/create-question';
import { useUpdateQuestion } from '../api/update-question';
import {
  answerChoices,
  checkQuestionDraft,
  emptyQuestionDraft,
  OPTION_LETTERS,
  type OptionLetter,
  type QuestionDraft,
  toCreateQuestionBody,
  toQuestionDraft,
} from '../lib/question-draft';

const QUESTION_MAX = 2_000;
const OPTION_MAX = 500;
const EXPLANATION_MAX = 2_000;

type FieldName = 'question' | OptionLetter | 'correctAnswer';

/** The API's field names (optionA …) as the form's (A …). */
function toFormErrors(errors: Record<string, string>): Partial<Record<FieldName, string>> {
  const result: Partial<Record<FieldName, string>> = {};
  for (const [field, message] of Object.entries(errors)) {
    const letter = /^option([ABCD])$/.exec(field)?.[1] as OptionLetter | undefined;
    if (letter) result[letter] = message;
    else if (field === 'question' || field === 'correctAnswer') result[field] = message;
  }
  return result;
}

interface QuestionFormProps {
  quizId: string;
  courseId: string;
  /** The number of questions so far: the new one's order. */
  questionCount: number;
  /** Edits this question in place of adding one; onDone closes the form. */
  editing?: { question: Question; number: number; onDone: () => void };
}

/**
 * The quiz builder (docs/product.md, Publishing and the studio): 'Add New Question', options A and B required,
 * C and D optional, and an optional explanation learners see after answering. With `editing`, the same form
 * edits a question.
 */
export function QuestionForm({ quizId, courseId, questionCount, editing }: QuestionFormProps) {
  const headingId = useId();
  const radioName = useId();
  const [draft, setDraft] = useState<QuestionDraft>(() => (editing ? toQuestionDraft(editing.question) : emptyQuestionDraft));
  const [invalid, setInvalid] = useState<FieldName[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const fields = useRef(new Map<FieldName, HTMLElement>());
  const create = useCreateQuestion(quizId, courseId);
  const update = useUpdateQuestion(quizId, courseId);
  const isPending = create.isPending || update.isPending;
  const isEditing = editing !== undefined;

  // Opening a question to edit puts the keyboard in its text.
  useEffect(() => {
    if (isEditing) fields.current.get('question')?.focus();
  }, [isEditing]);
  const failureTitle = editing ? t('quizBuilder.updateFailed') : t('quizBuilder.addFailed');

  const register = (name: FieldName) => (element: HTMLElement | null) => {
    if (element) fields.current.set(name, element);
    else fields.current.delete(name);
  };
  const clearField = (name: FieldName) => {
    setInvalid((current) => current.filter((field) => field !== name));
    setFieldErrors(({ [name]: _, ...rest }) => rest);
  };
  const markInvalid = (names: FieldName[], errors: Partial<Record<FieldName, string>> = {}) => {
    setInvalid(names);
    setFieldErrors(errors);
    const first = names[0];
    if (first) fields.current.get(first)?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkQuestionDraft(draft);
    if (problem) {
      markInvalid(problem.fields);
      toast({ variant: 'destructive', title: problem.title, description: problem.description });
      return;
    }
    const checked = toCreateQuestionBody(draft, editing ? editing.question.order : questionCount);
    if (!checked.body) {
      const errors = toFormErrors(checked.fieldErrors);
      markInvalid(Object.keys(errors) as FieldName[], errors);
      toast({ variant: 'destructive', title: failureTitle, description: Object.values(errors)[0] });
      return;
    }
    const onError = (error: unknown) => {
      const errors = toFormErrors(apiFieldErrors(error));
      setInvalid(Object.keys(errors) as FieldName[]);
      setFieldErrors(errors);
      toast({
        variant: 'destructive',
        title: failureTitle,
        description: apiErrorText(error, t('courseEditor.checkConnection')),
      });
    };
    if (editing) {
      // The place is not the form's to change: the list's move buttons do that.
      const { order: _order, ...changes } = checked.body;
      update.mutate(
        { id: editing.question.id, body: changes },
        {
          onSuccess: () => {
            toast({ variant: 'success', title: t('quizBuilder.questionUpdated') });
            editing.onDone();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(checked.body, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('quizBuilder.questionAdded') });
        setDraft(emptyQuestionDraft);
        markInvalid([]);
        fields.current.get('question')?.focus();
      },
      onError,
    });
  };

  const isInvalid = (name: FieldName) => (invalid.includes(name) ? true : undefined);
  const choices = answerChoices(draft);
  return (
    <Card className="p-5 sm:p-6">
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="grid gap-4">
        {editing ? (
          <h3 id={headingId} className="text-lg font-semibold">
            {t('quizBuilder.editQuestionHeading', { number: editing.number })}
          </h3>
        ) : (
          <h2 id={headingId} className="text-lg font-semibold">
            {t('quizBuilder.addNewQuestion')}
          </h2>
        )}
        <FormField label={t('quizBuilder.question')} error={fieldErrors.question}>
          {(control) => (
            <textarea
              {...control}
              ref={register('question')}
              aria-invalid={isInvalid('question')}
              value={draft.question}
              rows={3}
              maxLength={QUESTION_MAX}
              placeholder={t('quizBuilder.questionPlaceholder')}
              onChange={(event) => {
                setDraft((current) => ({ ...current, question: event.target.value }));
                clearField('question');
              }}
              className="min-h-20 w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none aria-invalid:border-destructive md:text-sm"
            />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          {OPTION_LETTERS.map((letter) => (
            <FormField
              key={letter}
              label={
                letter === 'A' || letter === 'B'
                  ? t('quizBuilder.option', { letter })
                  : t('quizBuilder.optionOptional', { letter })
              }
              error={fieldErrors[letter]}
            >
              {(control) => (
                <Input
                  {...control}
                  ref={register(letter)}
                  aria-invalid={isInvalid(letter)}
                  value={draft.options[letter]}
                  maxLength={OPTION_MAX}
                  onChange={(event) => {
                    const value = event.target.value;
                    setDraft((current) => ({ ...current, options: { ...current.options, [letter]: value } }));
                    clearField(letter);
                  }}
                />
              )}
            </FormField>
          ))}
        </div>
        <fieldset className="grid gap-2" aria-invalid={isInvalid('correctAnswer')}>
          <legend className="mb-2 text-sm font-medium">{t('quizBuilder.correctAnswer')}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {choices.map(({ letter, value }, index) => (
              <label key={letter} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
                <input
                  ref={index === 0 ? register('correctAnswer') : undefined}
                  type="radio"
                  name={radioName}
                  value={value}
                  checked={draft.correctAnswer === value}
                  onChange={() => {
                    setDraft((current) => ({ ...current, correctAnswer: value }));
                    clearField('correctAnswer');
                  }}
                  className="size-4 accent-primary"
                />
                {t('quizBuilder.option', { letter })}
              </label>
            ))}
          </div>
          {fieldErrors.correctAnswer ? <p className="text-sm font-medium text-destructive">{fieldErrors.correctAnswer}</p> : null}
        </fieldset>
        <FormField label={t('quizBuilder.explanationOptional')} hint={t('quizBuilder.explanationHint')}>
          {(control) => (
            <textarea
              {...control}
              value={draft.explanation}
              rows={2}
              maxLength={EXPLANATION_MAX}
              onChange={(event) => setDraft((current) => ({ ...current, explanation: event.target.value }))}
              className="min-h-16 w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none md:text-sm"
            />
          )}
        </FormField>
        {editing ? (
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button type="button" variant="outline" onClick={editing.onDone} disabled={isPending}>
              {t('courseEditor.cancel')}
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? <Spinner /> : <Save aria-hidden="true" />}
              {t('quizBuilder.saveQuestion')}
            </Button>
          </div>
        ) : (
          <Button type="submit" className="w-full sm:w-fit" disabled={isPending}>
            {isPending ? <Spinner /> : <Plus aria-hidden="true" />}
            {t('quizBuilder.addQuestion')}
          </Button>
        )}
      </form>
    </Card>
  );
}
