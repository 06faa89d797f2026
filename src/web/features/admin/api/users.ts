import type { AdminUser, AdminUserListQuery } from '#shared/schemas/admin';
import { apiJson } from '#web/lib/api-client';
import { useAdminAction } from './admin-action';
import { usePagedList } from './paged-list';

export type UserFilters = Pick<AdminUserListQuery, 'q' | 'role' | 'status'>;

/** GET /api/admin/users: every account, newest first. */
export function useAdminUsers(filters: UserFilters) {
  return usePagedList<AdminUser>('/api/admin/users', filters);
}

/** Suspends an account (its sessions end everywhere), or lifts the suspension. */
export function setUserSuspended({ userId, isSuspended }: { userId: string; isSuspended: boolean }): Promise<AdminUser> {
  return apiJson<AdminUser>('POST', `/api/admin/users/${encodeURIComponent(userId)}/${isSuspended ? 'suspend' : 'unsuspend'}`);
}

export function useSetUserSuspended() {
  return useAdminAction(setUserSuspended);
}
