import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getCourseQueryOptions } from '#web/lib/course-query';
import { getCoursesQueryOptions } from './get-courses';

export function useCourse(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...getCourseQueryOptions(id),
    // Show the card's data at once when arriving from the catalogue, while the detail loads.
    placeholderData: () => queryClient.getQueryData(getCoursesQueryOptions().queryKey)?.find((c) => c.id === id),
  });
}
