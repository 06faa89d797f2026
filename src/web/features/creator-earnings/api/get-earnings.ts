import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Earnings } from '#shared/schemas/earnings';
import { apiJson } from '#web/lib/api-client';
import type { DayRange } from '../lib/period';

export const earningsQueryKey = ['/api/creator/earnings'] as const;

/** The creator's sales, fees, refunds and net between two UTC days (both included; none for all time), and their balance. */
export function getEarnings({ range, signal }: { range: DayRange; signal?: AbortSignal }): Promise<Earnings> {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  const search = query.size > 0 ? `?${query}` : '';
  return apiJson<Earnings>('GET', `/api/creator/earnings${search}`, undefined, { signal });
}

export const getEarningsQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: [...earningsQueryKey, range.from ?? null, range.to ?? null] as const,
    queryFn: ({ signal }) => getEarnings({ range, signal }),
  });

// Plain useQuery: useQueries, infinite and suspense queries put their observers in the vendor chunk every page loads.
export function useEarnings(range: DayRange) {
  return useQuery(getEarningsQueryOptions(range));
}
