import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Instructor, ProfileInput } from '#shared/schemas/instructors';
import { apiJson } from '#web/lib/api-client';

export const getInstructorQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/instructors', id] as const,
    queryFn: ({ signal }) => apiJson<Instructor>('GET', `/api/instructors/${encodeURIComponent(id)}`, undefined, { signal }),
  });

export function useInstructor(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getInstructorQueryOptions(id), enabled });
}

/** The creator's edit of their own page; the page's data is replaced by the answer. */
export function useUpdateProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiJson<Instructor>('PATCH', '/api/creator/profile', input),
    onSuccess: (instructor) => queryClient.setQueryData(getInstructorQueryOptions(id).queryKey, instructor),
  });
}
