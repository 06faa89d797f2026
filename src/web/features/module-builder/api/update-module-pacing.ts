import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Module, UpdateSectionBody } from '#shared/schemas/creator';
import { apiJson } from '#web/lib/api-client';
import { getModuleQueryOptions } from './get-module';

/** A module's pacing (docs/product.md, Pacing). */
export function useUpdateModulePacing(moduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSectionBody) => apiJson<Module>('PATCH', `/api/modules/${encodeURIComponent(moduleId)}`, body),
    onSuccess: (module) => queryClient.setQueryData(getModuleQueryOptions(moduleId).queryKey, module),
  });
}
