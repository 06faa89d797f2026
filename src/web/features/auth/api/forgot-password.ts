import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, MessageResponse } from '#shared/schemas/auth';
import { apiJson } from '#web/lib/api-client';

/** Always answers the same message whether or not the account exists. */
export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/auth/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
