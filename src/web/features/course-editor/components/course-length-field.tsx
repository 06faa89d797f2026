import { useId } from 'react';
import { COURSE_LENGTH_HOURS_MAX } from '#shared/course-length';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { t } from '#web/lib/i18n/t';
import type { CourseFormValues } from '../lib/course-form';

interface CourseLengthFieldProps {
  values: Pick<CourseFormValues, 'lengthHours' | 'lengthMinutes' | 'unreadLength'>;
  onChange: (change: Partial<CourseFormValues>) => void;
  error: string | undefined;
  disabled: boolean;
}

function isOutOf(typed: string, max: number) {
  const value = typed.trim();
  return value !== '' && (!/^\d+$/.test(value) || Number(value) > max);
}

/**
 * "Course Length" as whole hours and minutes, which the catalogue's length filter can read. A
 * stored length in other words is shown as it is, kept until the creator enters hours or minutes.
 */
export function CourseLengthField({ values, onChange, error, disabled }: CourseLengthFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  const isTyped = values.lengthHours.trim() !== '' || values.lengthMinutes.trim() !== '';
  const describedBy = [error ? errorId : hintId, values.unreadLength ? noteId : null].filter(Boolean).join(' ');
  const number = { type: 'number', inputMode: 'numeric', min: 0, step: 1, placeholder: '0', disabled } as const;
  // The form's own check names the part that is wrong; a refusal from the server marks both.
  const isHoursWrong = isOutOf(values.lengthHours, COURSE_LENGTH_HOURS_MAX);
  const isMinutesWrong = isOutOf(values.lengthMinutes, 59);
  const invalid = (isWrong: boolean) => ({
    'aria-invalid': error && (isWrong || !(isHoursWrong || isMinutesWrong)) ? true : undefined,
    'aria-describedby': describedBy,
  });
  return (
    <fieldset className="grid content-start gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">{t('courseEditor.lengthLegend')}</legend>
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-hours`} className="text-xs text-muted-foreground">
            {t('courseEditor.hours')}
          </Label>
          <Input
            {...number}
            {...invalid(isHoursWrong)}
            id={`${id}-hours`}
            name="lengthHours"
            max={COURSE_LENGTH_HOURS_MAX}
            value={values.lengthHours}
            onChange={(event) => onChange({ lengthHours: event.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-minutes`} className="text-xs text-muted-foreground">
            {t('courseEditor.minutes')}
          </Label>
          <Input
            {...number}
            {...invalid(isMinutesWrong)}
            id={`${id}-minutes`}
            name="lengthMinutes"
            max={59}
            value={values.lengthMinutes}
            onChange={(event) => onChange({ lengthMinutes: event.target.value })}
          />
        </div>
      </div>
      {values.unreadLength ? (
        <p
          id={noteId}
          className="rounded-md border border-warning/40 bg-warning-muted px-2 py-1.5 text-xs text-warning-muted-foreground"
        >
          {isTyped
            ? t('courseEditor.lengthReplaces', { length: values.unreadLength })
            : t('courseEditor.lengthUnread', { length: values.unreadLength })}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        <p id={hintId} className="text-xs text-muted-foreground">
          {t('courseEditor.lengthExample')}
        </p>
      )}
    </fieldset>
  );
}
