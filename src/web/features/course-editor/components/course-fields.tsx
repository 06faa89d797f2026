import { useId } from 'react';
import { type Difficulty, difficulties } from '#shared/lists';
import { TITLE_MAX } from '#shared/schemas/creator';
import { RichTextEditor } from '#web/components/rich-text-editor';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { difficultyLabel } from '#web/lib/i18n/difficulty';
import { t } from '#web/lib/i18n/t';
import type { CourseField, CourseFormValues } from '../lib/course-form';
import { courseLanguageOptions } from '../lib/course-languages';
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
 * price, difficulty, length, language, thumbnail.
 */
export function CourseFields({ values, onChange, errors, onThumbnailBusyChange, disabled }: CourseFieldsProps) {
  const descriptionId = useId();
  const descriptionLabelId = useId();
  const descriptionErrorId = useId();
  const thumbnailErrorId = useId();
  return (
    <div className="grid gap-6">
      <FormField
        label={t('courseEditor.titleLabel')}
        error={errors.title}
        hint={t('courseEditor.titleCount', { count: values.title.length, max: TITLE_MAX })}
      >
        {(control) => (
          <Input
            {...control}
            name="title"
            value={values.title}
            maxLength={TITLE_MAX}
            autoComplete="off"
            placeholder={t('courseEditor.titlePlaceholder')}
            disabled={disabled}
            onChange={(event) => onChange({ title: event.target.value })}
          />
        )}
      </FormField>

      <div className="grid gap-2">
        <Label id={descriptionLabelId} htmlFor={descriptionId} onClick={() => document.getElementById(descriptionId)?.focus()}>
          {t('courseEditor.descriptionLabel')}
        </Label>
        <RichTextEditor
          id={descriptionId}
          aria-labelledby={descriptionLabelId}
          aria-invalid={errors.description !== undefined}
          aria-describedby={errors.description ? descriptionErrorId : undefined}
          value={values.description}
          onChange={(description) => onChange({ description })}
          placeholder={t('courseEditor.descriptionPlaceholder')}
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
          label={t('courseEditor.priceLabel')}
          error={errors.price || undefined}
          hint={t('courseEditor.priceHint')}
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
        <FormField label={t('courseEditor.difficultyLabel')} error={errors.difficulty} className="content-start">
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
                  {difficultyLabel(level)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <CourseLengthField values={values} onChange={onChange} error={errors.duration} disabled={disabled} />
      </div>

      <div className="grid gap-6 sm:grid-cols-3">
        <FormField
          label={t('courseEditor.languageLabel')}
          hint={t('courseEditor.languageHint')}
          error={errors.language}
          className="content-start"
        >
          {(control) => (
            <select
              {...control}
              name="language"
              className={selectClass}
              value={values.language}
              disabled={disabled}
              onChange={(event) => onChange({ language: event.target.value })}
            >
              {courseLanguageOptions(values.language).map(({ tag, name }) => (
                <option key={tag} value={tag}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </FormField>
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
