import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResetPasswordBody } from '#shared/schemas/auth';
import { apiJson } from '#web/lib/api-client';

export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
