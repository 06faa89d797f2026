import { useMutation } from '@tanstack/react-query';
import { isLocale } from '#shared/i18n/locales';
import type { AuthResponse, SignupBody } from '#shared/schemas/auth';
import { apiJson } from '#web/lib/api-client';
import { currentLocale } from '#web/lib/i18n/locale';

/** A new account keeps the language it signed up in, for its mails and pages (docs/product.md, Languages). */
export function signup(body: SignupBody): Promise<AuthResponse> {
  const locale = currentLocale();
  return apiJson<AuthResponse>('POST', '/api/auth/signup', { ...(isLocale(locale) ? { locale } : {}), ...body });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
