import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateNameBody } from '#shared/schemas/account';
import type { User } from '#shared/schemas/auth';
import { apiJson } from '#web/lib/api-client';
import { getMeQueryOptions } from '#web/lib/auth';

export function updateName(body: UpdateNameBody): Promise<User> {
  return apiJson<User>('PATCH', '/api/auth/me', body);
}

export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateName,
    // The menu and every page read the user from this query.
    onSuccess: (user) => queryClient.setQueryData(getMeQueryOptions().queryKey, user),
  });
}
