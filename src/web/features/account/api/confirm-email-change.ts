import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmEmailBody, ConfirmEmailResponse } from '#shared/schemas/account';
import { apiJson } from '#web/lib/api-client';
import { getMeQueryOptions } from '#web/lib/auth';

export function confirmEmailChange(body: ConfirmEmailBody): Promise<ConfirmEmailResponse> {
  return apiJson<ConfirmEmailResponse>('POST', '/api/account/email/confirm', body);
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    // Signed in here or not, whoever is signed in reads their email afresh. The page's first check may
    // still be on its way with the old address, and a refetch would join it: it is cancelled first.
    onSuccess: async () => {
      const { queryKey } = getMeQueryOptions();
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
