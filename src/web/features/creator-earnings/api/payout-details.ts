import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutDetails, PutPayoutDetailsBody } from '#shared/schemas/payouts';
import { apiJson } from '#web/lib/api-client';

/** Where the caller asked to be paid by bank transfer; null until they say. */
export function getPayoutDetails({ signal }: { signal?: AbortSignal } = {}): Promise<PayoutDetails> {
  return apiJson<PayoutDetails>('GET', '/api/creator/payouts/details', undefined, { signal });
}

export const getPayoutDetailsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/creator/payouts/details'] as const, queryFn: ({ signal }) => getPayoutDetails({ signal }) });

export function usePayoutDetails() {
  return useQuery(getPayoutDetailsQueryOptions());
}

export function savePayoutDetails(body: PutPayoutDetailsBody): Promise<PayoutDetails> {
  return apiJson<PayoutDetails>('PUT', '/api/creator/payouts/details', body);
}

/** Saves them and keeps the answer as the query's data. */
export function useSavePayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutDetails,
    onSuccess: (saved) => queryClient.setQueryData(getPayoutDetailsQueryOptions().queryKey, saved),
  });
}
