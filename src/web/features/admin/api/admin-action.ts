import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQueryKey } from './paged-list';

/** An admin action: once it is done, every admin list (the audit log included) reads again. */
export function useAdminAction<Input, Result>(action: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
