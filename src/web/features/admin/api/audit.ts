import type { AdminAction, AdminAuditEntry } from '#shared/schemas/admin';
import { usePagedList } from './paged-list';

/** GET /api/admin/audit: what admins did, newest first. */
export function useAuditLog(filters: { action?: AdminAction | undefined }) {
  return usePagedList<AdminAuditEntry>('/api/admin/audit', filters);
}
