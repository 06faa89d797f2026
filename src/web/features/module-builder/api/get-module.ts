import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Module } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';

export function getModule({ id, signal }: { id: string; signal?: AbortSignal }): Promise<Module> {
  return apiJson<Module>('GET', `/api/modules/${encodeURIComponent(id)}`, undefined, { signal });
}

export const getModuleQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['/api/modules', id] as const, queryFn: ({ signal }) => getModule({ id, signal }) });

export function useModule(id: string) {
  return useQuery(getModuleQueryOptions(id));
}
