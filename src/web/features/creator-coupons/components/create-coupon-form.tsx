import { Plus } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { CreatorCourse } from '#shared/schemas/creator';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { isApiError } from '#web/lib/api-client';
import { apiErrorText, apiFieldErrors } from '#web/lib/form';
import { t } from '#web/lib/i18n/t';
import { useCreateCoupon } from '../api/create-coupon';
import {
  COUPON_FIELDS,
  type CouponField,
  type CouponFormErrors,
  type CouponFormValues,
  type DiscountKind,
  emptyCouponForm,
  toCreateCouponBody,
} from '../lib/coupon-form';
import { describeDiscount } from '../lib/coupon-text';
import { CouponFields } from './coupon-fields';

/**
 * Where a refusal belongs: a taken code under Code, a course that is not theirs under Course, a field
 * the server names under that field if it is on screen, anything else above the button.
 */
function placeRefusal(error: unknown, kind: DiscountKind): { fields: CouponFormErrors; message: string | null } {
  const message = apiErrorText(error, t('coupons.createFailed'));
  if (isApiError(error, 409)) return { fields: { code: message }, message: null };
  if (isApiError(error, 404)) return { fields: { courseId: message }, message: null };
  const hidden: CouponField = kind === 'percent' ? 'amountOff' : 'percentOff';
  const byField = apiFieldErrors(error);
  const shown = COUPON_FIELDS.filter((field) => field !== hidden && byField[field]);
  if (shown.length === 0) return { fields: {}, message };
  return { fields: Object.fromEntries(shown.map((field) => [field, byField[field]])), message: null };
}

/** `courses`: the creator's paid courses, the only ones a discount means something for. */
export function CreateCouponForm({ courses, onCreated }: { courses: CreatorCourse[]; onCreated: () => void }) {
  // One course needs no choosing.
  const defaultCourseId = courses.length === 1 ? (courses[0]?.id ?? '') : '';
  const [values, setValues] = useState(() => emptyCouponForm(defaultCourseId));
  const [errors, setErrors] = useState<CouponFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [focusTarget, setFocusTarget] = useState<CouponField | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateCoupon();

  // After a refusal the fields are still disabled until the form renders again: focus waits for that.
  useEffect(() => {
    if (!focusTarget || create.isPending) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${focusTarget}"]`)?.focus();
    setFocusTarget(null);
  }, [focusTarget, create.isPending]);

  const change = (next: Partial<CouponFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    // Editing a field clears its complaint; the others stay until fixed.
    setErrors((current) => {
      const remaining = { ...current };
      for (const field of Object.keys(next)) delete remaining[field as CouponField];
      return remaining;
    });
    setFormError(null);
  };

  const showErrors = (found: CouponFormErrors) => {
    setErrors(found);
    setFocusTarget(COUPON_FIELDS.find((field) => found[field]) ?? null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const checked = toCreateCouponBody(values);
    if (checked.errors) {
      showErrors(checked.errors);
      return;
    }
    create.mutate(checked.body, {
      onSuccess: (coupon) => {
        toast({
          variant: 'success',
          title: t('coupons.created'),
          description: coupon.courseTitle
            ? t('coupons.createdDescription', {
                code: coupon.code,
                discount: describeDiscount(coupon),
                course: coupon.courseTitle,
              })
            : t('coupons.createdDescriptionTheCourse', { code: coupon.code, discount: describeDiscount(coupon) }),
        });
        setValues(emptyCouponForm(defaultCourseId));
        setErrors({});
        onCreated();
      },
      onError: (error) => {
        const refusal = placeRefusal(error, values.kind);
        showErrors(refusal.fields);
        setFormError(refusal.message);
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={t('coupons.newCoupon')} className="grid gap-5">
      <CouponFields values={values} errors={errors} courses={courses} disabled={create.isPending} onChange={change} />
      {formError ? (
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive-muted px-3 py-2 text-sm text-destructive-muted-foreground"
        >
          {formError}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" variant="gradient" disabled={create.isPending} className="w-full sm:w-auto">
          {create.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
          {t('coupons.createCode')}
        </Button>
      </div>
    </form>
  );
}
