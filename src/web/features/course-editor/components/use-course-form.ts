import { useCallback, useState } from 'react';
import { toast } from '#web/hooks/use-toast';
import { getFieldErrors } from '#web/lib/api-client';
import { type CourseField, type CourseFormValues, findCourseFormProblem } from '../lib/course-form';

type FieldErrors = Partial<Record<CourseField, string>>;

/** Form state shared by the create and edit pages: values, per-field errors and the SPEC §5 checks. */
export function useCourseForm(initial: CourseFormValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isThumbnailUploading, setThumbnailUploading] = useState(false);

  const change = useCallback((next: Partial<CourseFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    // Editing a field clears its complaint; the others stay until fixed.
    setErrors((current) => {
      const remaining = { ...current };
      for (const field of Object.keys(next) as CourseField[]) delete remaining[field];
      return remaining;
    });
  }, []);

  /** Shows SPEC's notice for the first problem and marks its field; true when the values may be sent. */
  const check = (options: { requireDescription: boolean }): boolean => {
    const problem = findCourseFormProblem(values, options);
    if (!problem) return true;
    setErrors({ [problem.field]: problem.fieldMessage ?? '' });
    toast({ variant: 'destructive', title: problem.title, description: problem.description });
    focusField(problem.field);
    return false;
  };

  /** A 400 names the fields the server refused; they are marked like the client's own checks. */
  const showServerErrors = (error: unknown) => setErrors(getFieldErrors(error) as FieldErrors);

  return { values, errors, change, check, showServerErrors, isThumbnailUploading, setThumbnailUploading };
}

function focusField(field: CourseField) {
  const target =
    field === 'description'
      ? document.querySelector<HTMLElement>('[role="textbox"][aria-multiline="true"]')
      : document.querySelector<HTMLElement>(`[name="${field}"]`);
  target?.focus();
}
