import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailBody } from '#shared/schemas/account';
import type { MessageResponse } from '#shared/schemas/auth';
import { apiJson } from '#web/lib/api-client';

export function requestEmailChange(body: ChangeEmailBody): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/account/email', body);
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
