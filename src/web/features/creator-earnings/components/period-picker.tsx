import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { t } from '#web/lib/i18n/t';
import { type DayRange, isDay, type Period, type PeriodKind, periodOptions, periodRange } from '../lib/period';

const SELECT =
  'flex h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 text-base text-foreground shadow-xs md:text-sm ' +
  'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none';

type CustomErrors = { from?: string; to?: string };

function checkCustom(from: string, to: string): CustomErrors {
  const errors: CustomErrors = {};
  if (!isDay(from)) errors.from = t('earnings.chooseFirstDay');
  if (!isDay(to)) errors.to = t('earnings.chooseLastDay');
  if (!errors.from && !errors.to && from > to) errors.to = t('earnings.lastBeforeFirst');
  return errors;
}

/**
 * The period the figures cover. A preset applies at once; custom dates apply with their button, so the
 * address (and the history the back button walks) changes once per range, not per keystroke.
 * Re-mounted (keyed by the address) when the address changes, so it always starts from the shown period.
 */
export function PeriodPicker({
  period,
  range,
  onChange,
}: {
  period: Period;
  range: DayRange;
  onChange: (period: Period) => void;
}) {
  const selectId = useId();
  const [kind, setKind] = useState<PeriodKind>(period.kind);
  // Custom dates start from the range shown, or this month's when all time is shown.
  const [start] = useState(() => (range.from && range.to ? range : periodRange({ kind: 'this-month' }, new Date())));
  const [from, setFrom] = useState(start.from ?? '');
  const [to, setTo] = useState(start.to ?? '');
  const [errors, setErrors] = useState<CustomErrors>({});
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);

  const choose = (next: PeriodKind) => {
    setKind(next);
    setErrors({});
    if (next !== 'custom') onChange({ kind: next });
  };

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkCustom(from, to);
    setErrors(found);
    if (found.from || found.to) {
      (found.from ? fromRef : toRef).current?.focus();
      return;
    }
    onChange({ kind: 'custom', from, to });
  };

  return (
    <div className="flex flex-wrap items-start gap-3">
      <div className="grid w-full gap-2 sm:w-48">
        <Label htmlFor={selectId}>{t('earnings.period')}</Label>
        <select id={selectId} className={SELECT} value={kind} onChange={(event) => choose(event.target.value as PeriodKind)}>
          {periodOptions().map((option) => (
            <option key={option.kind} value={option.kind}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {kind === 'custom' ? (
        <form
          aria-label={t('earnings.customDates')}
          noValidate
          onSubmit={apply}
          className="grid w-full grid-cols-2 items-start gap-3 sm:flex sm:w-auto sm:flex-wrap"
        >
          <FormField label={t('earnings.from')} error={errors.from} className="sm:w-40">
            {(control) => <Input {...control} ref={fromRef} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />}
          </FormField>
          <FormField label={t('earnings.to')} error={errors.to} className="sm:w-40">
            {(control) => <Input {...control} ref={toRef} type="date" value={to} onChange={(e) => setTo(e.target.value)} />}
          </FormField>
          <Button type="submit" variant="secondary" className="col-span-2 sm:mt-6">
            {t('earnings.showTheseDates')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
