import type { z } from 'zod';
import { getFieldErrors } from './api-client';
import { validationText, validationTexts } from './i18n/validation';

/** First message per top-level field of a failed zod parse, for inline form errors, in the page's language. */
export function toFieldErrors(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    result[key] ??= validationText(issue.message);
  }
  return result;
}

/** The field errors of a failed call (its `errors`), in the page's language. */
export const apiFieldErrors = (error: unknown): Record<string, string> => validationTexts(getFieldErrors(error));

export function formString(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}
