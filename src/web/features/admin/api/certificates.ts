import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Certificate, VerifiedCertificate } from '#shared/schemas/certificates';
import { apiJson } from '#web/lib/api-client';
import { adminQueryKey } from './paged-list';

/** Under the admin lists' key, so that every admin action reads it again. */
const lookupKey = (id: string) => [...adminQueryKey, 'certificate', id] as const;

/** A certificate found by its id, as its public verification page shows it (what was checked included). */
export function useCertificateLookup(id: string | null) {
  return useQuery({
    queryKey: lookupKey(id ?? ''),
    queryFn: ({ signal }) =>
      apiJson<VerifiedCertificate>('GET', `/api/certificates/${encodeURIComponent(id ?? '')}`, undefined, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** POST /api/admin/certificates/:id/revoke: revoked with a reason its verification page shows, audit-logged. */
export function revokeCertificate({ certificateId, reason }: { certificateId: string; reason: string }): Promise<Certificate> {
  return apiJson<Certificate>('POST', `/api/admin/certificates/${encodeURIComponent(certificateId)}/revoke`, { reason });
}

export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
