import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignedOutResponse } from '#shared/schemas/account';
import { getAccountSessionsQueryOptions } from '#web/lib/api/get-account-sessions';
import { apiJson } from '#web/lib/api-client';

export function signOutOtherSessions(): Promise<SignedOutResponse> {
  return apiJson<SignedOutResponse>('POST', '/api/account/sessions/sign-out-others');
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getAccountSessionsQueryOptions().queryKey }),
  });
}
