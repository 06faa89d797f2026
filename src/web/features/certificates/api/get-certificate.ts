import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerifiedCertificate } from '#shared/schemas/certificates';
import { apiJson } from '#web/lib/api-client';

/** Public: what a certificate's verification page confirms, and what was checked (docs/product.md, Credentials). */
export function getCertificate({ id, signal }: { id: string; signal?: AbortSignal }): Promise<VerifiedCertificate> {
  return apiJson<VerifiedCertificate>('GET', `/api/certificates/${encodeURIComponent(id)}`, undefined, { signal });
}

export const getCertificateQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['/api/certificates', id] as const, queryFn: ({ signal }) => getCertificate({ id, signal }) });

export function useCertificate(id: string) {
  return useQuery(getCertificateQueryOptions(id));
}
