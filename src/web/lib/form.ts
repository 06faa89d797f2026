import type { z } from 'zod';
import { getErrorMessage, getFieldErrors } from './api-client';
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

/** Why a call failed in the page's language when its text is known (else the server's), or `fallback`. */
export const apiErrorText = (error: unknown, fallback: string): string => validationText(getErrorMessage(error, fallback));

export function formString(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}
