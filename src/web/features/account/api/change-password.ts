import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '#shared/schemas/account';
import type { MessageResponse } from '#shared/schemas/auth';
import { getAccountSessionsQueryOptions } from '#web/lib/api/get-account-sessions';
import { apiJson } from '#web/lib/api-client';

export function changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/auth/password', body);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The other sessions are gone now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAccountSessionsQueryOptions().queryKey }),
  });
}
