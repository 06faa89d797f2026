import { ArrowDown, ArrowUp } from 'lucide-react';
import type { Choice, LearnerTypedQuestion } from '#shared/schemas/questions';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import type { TypedDraft } from '#web/lib/answer-words';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';

const choiceRow =
  'flex cursor-pointer items-center gap-3 rounded-xl border p-3 text-sm transition-colors hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring';

type TypedInputProps = {
  question: LearnerTypedQuestion;
  draft: TypedDraft;
  onChange: (draft: TypedDraft) => void;
  disabled: boolean;
};

/**
 * The answer field of each question type beyond the single choice (docs/product.md, Learning): boxes
 * to tick, true or false, a word or a number to type, or choices to put in order with buttons (so
 * keyboard and phone work alike). Disabled once answered.
 */
export function TypedAnswerInput({ question, draft, onChange, disabled }: TypedInputProps) {
  const name = `question-${question.id}`;
  switch (question.type) {
    case 'multiple': {
      const picked = Array.isArray(draft.value) ? draft.value : [];
      return (
        <fieldset className="grid gap-2" disabled={disabled}>
          <legend className="mb-1 text-sm text-muted-foreground">{t('shell.chooseEveryCorrect')}</legend>
          {question.choices.map((choice) => (
            <label key={choice.id} className={cn(choiceRow, picked.includes(choice.id) && 'border-primary bg-primary/10')}>
              <input
                type="checkbox"
                name={name}
                className="size-4 accent-primary"
                checked={picked.includes(choice.id)}
                onChange={(event) => {
                  const next = event.target.checked ? [...picked, choice.id] : picked.filter((id) => id !== choice.id);
                  onChange({ value: next.length > 0 ? next : undefined });
                }}
              />
              <span className="flex-1 break-words">{choice.text}</span>
            </label>
          ))}
        </fieldset>
      );
    }
    case 'true_false':
      return (
        <fieldset className="grid gap-2 sm:grid-cols-2" disabled={disabled}>
          <legend className="sr-only">{t('shell.trueOrFalse')}</legend>
          {[true, false].map((value) => (
            <label key={String(value)} className={cn(choiceRow, draft.value === value && 'border-primary bg-primary/10')}>
              <input
                type="radio"
                name={name}
                className="size-4 accent-primary"
                checked={draft.value === value}
                onChange={() => onChange({ value })}
              />
              <span className="font-medium">{value ? t('shell.true') : t('shell.false')}</span>
            </label>
          ))}
        </fieldset>
      );
    case 'short_text':
    case 'numeric': {
      const isNumber = question.type === 'numeric';
      return (
        <div className="grid gap-1.5">
          <label htmlFor={name} className="text-sm font-medium">
            {isNumber ? t('shell.yourAnswerNumber') : t('shell.yourAnswer')}
          </label>
          <Input
            id={name}
            disabled={disabled}
            inputMode={isNumber ? 'decimal' : 'text'}
            autoComplete="off"
            maxLength={isNumber ? 40 : 500}
            defaultValue={draft.value === undefined ? '' : String(draft.value)}
            onChange={(event) => {
              const text = event.target.value;
              if (!isNumber) return onChange({ value: text.trim() === '' ? undefined : text });
              // A comma is a decimal point where people write it so.
              const number = Number(text.trim().replace(',', '.'));
              onChange({ value: text.trim() === '' || !Number.isFinite(number) ? undefined : number });
            }}
          />
        </div>
      );
    }
    case 'ordering':
      return <OrderingInput {...{ question, draft, onChange, disabled }} />;
  }
}

function OrderingInput({ question, draft, onChange, disabled }: TypedInputProps) {
  const order = draft.order ?? question.choices.map((choice) => choice.id);
  const byId = new Map(question.choices.map((choice) => [choice.id, choice]));
  const move = (from: number, to: number) => {
    const next = [...order];
    const [moved] = next.splice(from, 1);
    if (moved === undefined) return;
    next.splice(to, 0, moved);
    // The order as shown is an answer as soon as it is touched; untouched, it is one too.
    onChange({ value: next, order: next });
  };
  return (
    <ol className="grid gap-2" aria-label={t('shell.putInOrder')}>
      {order.map((id, index) => {
        const choice = byId.get(id) as Choice;
        return (
          <li key={id} className="flex items-center gap-2 rounded-xl border p-2 ps-3 text-sm">
            <span className="w-5 font-medium tabular-nums text-muted-foreground">{index + 1}.</span>
            <span className="flex-1 break-words">{choice.text}</span>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              disabled={disabled || index === 0}
              aria-label={t('shell.moveUp', { text: choice.text })}
              onClick={() => move(index, index - 1)}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              disabled={disabled || index === order.length - 1}
              aria-label={t('shell.moveDown', { text: choice.text })}
              onClick={() => move(index, index + 1)}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
          </li>
        );
      })}
    </ol>
  );
}

export default TypedAnswerInput;
