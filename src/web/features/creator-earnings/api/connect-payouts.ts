import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ConnectOnboardingLink, ConnectStatus } from '#shared/schemas/payouts';
import { apiJson } from '#web/lib/api-client';

export const connectStatusQueryKey = ['/api/creator/payouts/connect'] as const;

/** How the caller is paid: by Stripe (and how far their connected account is) or by an admin. */
export function getConnectStatus({ signal }: { signal?: AbortSignal } = {}): Promise<ConnectStatus> {
  return apiJson<ConnectStatus>('GET', '/api/creator/payouts/connect', undefined, { signal });
}

export const getConnectStatusQueryOptions = () =>
  queryOptions({ queryKey: connectStatusQueryKey, queryFn: ({ signal }) => getConnectStatus({ signal }) });

export function useConnectStatus() {
  return useQuery(getConnectStatusQueryOptions());
}

/** A Stripe onboarding link for the caller's Express account (made at the first call); good once, for minutes. */
export function startConnect(): Promise<ConnectOnboardingLink> {
  return apiJson<ConnectOnboardingLink>('POST', '/api/creator/payouts/connect');
}

/** Asks for an onboarding link, then leaves the app for it (`leave` is the browser's navigation; tests give their own). */
export function useStartConnect(leave: (url: string) => void) {
  return useMutation({ mutationFn: startConnect, onSuccess: ({ url }) => leave(url) });
}
