import { t } from '#web/lib/i18n/t';
import { getErrorMessage, isApiError } from './api-client';

/**
 * Why a code answer could not be graded now, in words, or null for another failure: 503 where the
 * instance runs no Python, 429 while its runners are busy or the learner's runs a minute are spent.
 * Nothing was stored either way (docs/product.md, Running Python), so the code may be sent again.
 */
export function gradingRefusal(error: unknown): string | null {
  if (!isApiError(error, 503) && !isApiError(error, 429)) return null;
  const reason = getErrorMessage(error, isApiError(error, 429) ? t('shell.runnersBusy') : t('shell.pythonUnavailable'));
  return t('shell.gradingRefused', { reason });
}
