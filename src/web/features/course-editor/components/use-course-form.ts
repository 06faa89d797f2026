import { useCallback, useEffect, useState } from 'react';
import { toast } from '#web/hooks/use-toast';
import { apiFieldErrors } from '#web/lib/form';
import { type CourseField, type CourseFormValues, courseFields, fieldOfValue, findCourseFormProblems } from '../lib/course-form';

type FieldErrors = Partial<Record<CourseField, string>>;

/**
 * A 400's `errors`, keyed by the API's field names ("price", or "price.0" for a part of it), as the
 * form's fields: whatever rule the server adds, its message shows under the field it names.
 */
function toFieldErrors(errors: Record<string, string>): FieldErrors {
  const shown: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = courseFields.find((name) => name === key.split('.')[0]);
    if (field) shown[field] ??= message;
  }
  return shown;
}

/**
 * Form state shared by the create and edit pages: values, per-field errors and the form's own checks
 * (docs/product.md, Publishing and the studio).
 */
export function useCourseForm(initial: CourseFormValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isThumbnailUploading, setThumbnailUploading] = useState(false);
  // Focused once drawn: a field is disabled while its form is being sent, and a refusal arrives before it is enabled.
  const [toFocus, setToFocus] = useState<{ field: CourseField } | null>(null);
  useEffect(() => {
    if (toFocus) focusField(toFocus.field);
  }, [toFocus]);

  const change = useCallback((next: Partial<CourseFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    // Editing a field clears its complaint; the others stay until fixed.
    setErrors((current) => {
      const remaining = { ...current };
      for (const key of Object.keys(next) as (keyof CourseFormValues)[]) delete remaining[fieldOfValue(key)];
      return remaining;
    });
  }, []);

  /**
   * Shows each problem under its field and the notice for the first one, whose field takes the
   * focus; true when the values may be sent.
   */
  const check = (options: { requireDescription: boolean }): boolean => {
    const problems = findCourseFormProblems(values, options);
    const [first] = problems;
    if (!first) return true;
    setErrors(Object.fromEntries(problems.map((problem) => [problem.field, problem.description])));
    toast({ variant: 'destructive', title: first.title, description: first.description });
    setToFocus({ field: first.field });
    return false;
  };

  /** A 400 names the fields the server refused; they are shown like the client's own checks. */
  const showServerErrors = (error: unknown) => {
    const shown = toFieldErrors(apiFieldErrors(error));
    setErrors(shown);
    const first = courseFields.find((field) => field in shown);
    if (first) setToFocus({ field: first });
  };

  return { values, errors, change, check, showServerErrors, isThumbnailUploading, setThumbnailUploading };
}

function focusField(field: CourseField) {
  const target =
    field === 'description'
      ? document.querySelector<HTMLElement>('[role="textbox"][aria-multiline="true"]')
      : document.querySelector<HTMLElement>(`[name="${field === 'duration' ? 'lengthHours' : field}"]`);
  target?.focus();
}
