import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '#shared/schemas/account';
import type { MessageResponse } from '#shared/schemas/auth';
import { apiJson } from '#web/lib/api-client';

export function deleteAccount(body: DeleteAccountBody): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/account/delete', body);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
