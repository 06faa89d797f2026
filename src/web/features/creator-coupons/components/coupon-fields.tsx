import { useId } from 'react';
import type { CreatorCourse } from '#shared/schemas/creator';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { formatPrice } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';
import { type CouponFormErrors, type CouponFormValues, type DiscountKind, todayLocal } from '../lib/coupon-form';

const SELECT =
  'flex h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 text-base text-foreground shadow-xs md:text-sm ' +
  'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none disabled:opacity-50 ' +
  'aria-invalid:border-destructive';

const kinds = (): { kind: DiscountKind; label: string }[] => [
  { kind: 'percent', label: t('coupons.percent') },
  { kind: 'amount', label: t('coupons.amountOffKind') },
];

function courseOptionLabel(course: CreatorCourse): string {
  const values = { title: course.title, price: formatPrice(course.price) };
  return course.published ? t('coupons.courseOption', values) : t('coupons.courseOptionDraft', values);
}

interface CouponFieldsProps {
  values: CouponFormValues;
  errors: CouponFormErrors;
  courses: CreatorCourse[];
  disabled: boolean;
  onChange: (change: Partial<CouponFormValues>) => void;
}

/** Course and code, the discount (a percentage or an amount), and the optional expiry and usage limit. */
export function CouponFields({ values, errors, courses, disabled, onChange }: CouponFieldsProps) {
  const kindName = useId();
  const isPercent = values.kind === 'percent';
  const valueField = isPercent ? 'percentOff' : 'amountOff';

  return (
    <div className="grid gap-5 md:grid-cols-2">
      <FormField label={t('coupons.course')} error={errors.courseId} className="content-start">
        {(control) => (
          <select
            {...control}
            name="courseId"
            className={SELECT}
            value={values.courseId}
            disabled={disabled}
            onChange={(event) => onChange({ courseId: event.target.value })}
          >
            <option value="">{t('coupons.chooseCourse')}</option>
            {courses.map((course) => (
              <option key={course.id} value={course.id}>
                {courseOptionLabel(course)}
              </option>
            ))}
          </select>
        )}
      </FormField>

      <FormField label={t('coupons.code')} error={errors.code} hint={t('coupons.codeHint')} className="content-start">
        {(control) => (
          <Input
            {...control}
            name="code"
            value={values.code}
            maxLength={64}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={t('coupons.codePlaceholder')}
            className="font-mono"
            dir="ltr"
            disabled={disabled}
            // Codes are stored upper-case: show the code as buyers will see it.
            onChange={(event) => onChange({ code: event.target.value.toUpperCase() })}
          />
        )}
      </FormField>

      <fieldset className="grid content-start gap-2" disabled={disabled}>
        <legend className="mb-2 text-sm leading-none font-medium">{t('coupons.discountType')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {kinds().map(({ kind, label }) => (
            <label
              key={kind}
              className={cn(
                'flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-input px-3 text-sm shadow-xs transition-colors',
                'hover:bg-accent has-checked:border-primary has-checked:bg-primary/10 has-checked:font-medium',
                'has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-background',
              )}
            >
              <input
                type="radio"
                name={kindName}
                value={kind}
                checked={values.kind === kind}
                onChange={() => onChange({ kind })}
                className="size-4 accent-primary focus-visible:outline-none"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      <FormField
        label={isPercent ? t('coupons.percentOffLabel') : t('coupons.amountOffLabel')}
        error={errors[valueField]}
        hint={isPercent ? t('coupons.percentHint') : t('coupons.amountHint')}
        className="content-start"
      >
        {(control) => (
          <div className="relative">
            <Input
              {...control}
              name={valueField}
              value={values[valueField]}
              inputMode={isPercent ? 'numeric' : 'decimal'}
              autoComplete="off"
              className={isPercent ? 'pe-8' : 'ps-7'}
              disabled={disabled}
              onChange={(event) => onChange({ [valueField]: event.target.value })}
            />
            <span
              aria-hidden="true"
              className={cn(
                'pointer-events-none absolute inset-y-0 flex items-center text-sm text-muted-foreground',
                isPercent ? 'end-3' : 'start-3',
              )}
            >
              {isPercent ? '%' : '$'}
            </span>
          </div>
        )}
      </FormField>

      <FormField
        label={t('coupons.expiryLabel')}
        error={errors.expiresAt}
        hint={t('coupons.expiryHint')}
        className="content-start"
      >
        {(control) => (
          <Input
            {...control}
            type="date"
            name="expiresAt"
            min={todayLocal()}
            value={values.expiresAt}
            disabled={disabled}
            onChange={(event) => onChange({ expiresAt: event.target.value })}
          />
        )}
      </FormField>

      <FormField
        label={t('coupons.usageLimit')}
        error={errors.maxRedemptions}
        hint={t('coupons.usageLimitHint')}
        className="content-start"
      >
        {(control) => (
          <Input
            {...control}
            name="maxRedemptions"
            value={values.maxRedemptions}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('coupons.noLimit')}
            disabled={disabled}
            onChange={(event) => onChange({ maxRedemptions: event.target.value })}
          />
        )}
      </FormField>
    </div>
  );
}
