import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '#shared/schemas/auth';
import { getAccountSessionsQueryOptions } from '#web/lib/api/get-account-sessions';
import { apiJson } from '#web/lib/api-client';

export function signOutSession(sessionId: string): Promise<MessageResponse> {
  return apiJson<MessageResponse>('DELETE', `/api/account/sessions/${encodeURIComponent(sessionId)}`);
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getAccountSessionsQueryOptions().queryKey }),
  });
}
