import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EligibilitySchema } from '#shared/schemas/certificates';
import { getCourseQueryOptions } from '#web/lib/api/get-course';
import { apiJson } from '#web/lib/api-client';

type Eligibility = z.infer<typeof EligibilitySchema>;

/** Every lesson completed and every quiz passed (docs/product.md, Certificates). */
export function getCertificateEligibility({
  courseId,
  signal,
}: {
  courseId: string;
  signal?: AbortSignal;
}): Promise<Eligibility> {
  const url = `/api/courses/${encodeURIComponent(courseId)}/certificate/eligible`;
  return apiJson<Eligibility>('GET', url, undefined, { signal });
}

export const getCertificateEligibilityQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: [...getCourseQueryOptions(courseId).queryKey, 'certificate'] as const,
    queryFn: ({ signal }) => getCertificateEligibility({ courseId, signal }),
  });

export function useCertificateEligibility(courseId: string) {
  return useQuery(getCertificateEligibilityQueryOptions(courseId));
}
