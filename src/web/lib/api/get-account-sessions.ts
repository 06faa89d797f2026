import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSessionList } from '#shared/schemas/account';
import { apiJson } from '#web/lib/api-client';

/** The signed-in user's live sessions, this one marked (account page). */
export function getAccountSessions({ signal }: { signal?: AbortSignal } = {}): Promise<AccountSessionList> {
  return apiJson<AccountSessionList>('GET', '/api/account/sessions', undefined, { signal });
}

export const getAccountSessionsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/account/sessions'] as const, queryFn: ({ signal }) => getAccountSessions({ signal }) });

export function useAccountSessions() {
  return useQuery(getAccountSessionsQueryOptions());
}
