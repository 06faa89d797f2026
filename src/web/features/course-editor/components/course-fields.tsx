import { useId } from 'react';
import { difficulties } from '#shared/lists';
import { TITLE_MAX } from '#shared/schemas/creator';
import { RichTextEditor } from '#web/components/rich-text-editor';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import type { CourseField, CourseFormValues } from '../lib/course-form';
import { CourseLengthField } from './course-length-field';
import { ThumbnailField } from './thumbnail-field';

interface CourseFieldsProps {
  values: CourseFormValues;
  onChange: (change: Partial<CourseFormValues>) => void;
  /** What is wrong with each field, the form's own checks' or the server's, shown under it. */
  errors: Partial<Record<CourseField, string>>;
  onThumbnailBusyChange: (isBusy: boolean) => void;
  disabled: boolean;
}

const selectClass =
  'flex h-10 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground shadow-xs md:text-sm ' +
  'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none disabled:opacity-50';

/**
 * The fields the create and edit pages share (docs/product.md, Publishing and the studio): title, description,
 * price, difficulty, length, thumbnail.
 */
export function CourseFields({ values, onChange, errors, onThumbnailBusyChange, disabled }: CourseFieldsProps) {
  const descriptionId = useId();
  const descriptionLabelId = useId();
  const descriptionErrorId = useId();
  const thumbnailErrorId = useId();
  return (
    <div className="grid gap-6">
      <FormField label="Course Title" error={errors.title} hint={`${values.title.length}/${TITLE_MAX} characters`}>
        {(control) => (
          <Input
            {...control}
            name="title"
            value={values.title}
            maxLength={TITLE_MAX}
            autoComplete="off"
            placeholder="e.g. Neural Networks from Scratch"
            disabled={disabled}
            onChange={(event) => onChange({ title: event.target.value })}
          />
        )}
      </FormField>

      <div className="grid gap-2">
        <Label id={descriptionLabelId} htmlFor={descriptionId} onClick={() => document.getElementById(descriptionId)?.focus()}>
          Description
        </Label>
        <RichTextEditor
          id={descriptionId}
          aria-labelledby={descriptionLabelId}
          aria-invalid={errors.description !== undefined}
          aria-describedby={errors.description ? descriptionErrorId : undefined}
          value={values.description}
          onChange={(description) => onChange({ description })}
          placeholder="What will students learn, and who is the course for?"
          disabled={disabled}
        />
        {errors.description ? (
          <p id={descriptionErrorId} className="text-sm font-medium text-destructive">
            {errors.description}
          </p>
        ) : null}
      </div>

      <div className="grid gap-6 sm:grid-cols-3">
        <FormField
          label="Price (USD)"
          error={errors.price || undefined}
          hint="Leave empty or 0 for a free course; a paid course is at least 0.50"
          className="content-start"
        >
          {(control) => (
            <Input
              {...control}
              name="price"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              placeholder="0.00"
              value={values.price}
              disabled={disabled}
              onChange={(event) => onChange({ price: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Difficulty" error={errors.difficulty} className="content-start">
          {(control) => (
            <select
              {...control}
              name="difficulty"
              className={selectClass}
              value={values.difficulty}
              disabled={disabled}
              onChange={(event) => onChange({ difficulty: event.target.value as CourseFormValues['difficulty'] })}
            >
              {difficulties.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <CourseLengthField values={values} onChange={onChange} error={errors.duration} disabled={disabled} />
      </div>

      <div className="grid gap-2">
        <ThumbnailField
          value={values.thumbnail}
          onChange={(thumbnail) => onChange({ thumbnail })}
          onBusyChange={onThumbnailBusyChange}
          disabled={disabled}
          errorId={errors.thumbnail ? thumbnailErrorId : undefined}
        />
        {errors.thumbnail ? (
          <p id={thumbnailErrorId} className="text-sm font-medium text-destructive">
            {errors.thumbnail}
          </p>
        ) : null}
      </div>
    </div>
  );
}
