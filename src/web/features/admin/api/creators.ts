import type {
  AdminCreator,
  AdminInvitation,
  CreatedInvitation,
  CreateInvitationBody,
  InvitationStatus,
} from '#shared/schemas/admin';
import { apiJson } from '#web/lib/api-client';
import { useAdminAction } from './admin-action';
import { usePagedList } from './paged-list';

/** GET /api/admin/creators: creators with their course counts. */
export function useAdminCreators(filters: { q?: string | undefined }) {
  return usePagedList<AdminCreator>('/api/admin/creators', filters);
}

/** GET /api/admin/invitations: creator invitations, newest first. */
export function useAdminInvitations(filters: { status?: InvitationStatus | undefined }) {
  return usePagedList<AdminInvitation>('/api/admin/invitations', filters);
}

/** Invites a creator as `npm run invite` does: the link is mailed and answered. */
export function inviteCreator(body: CreateInvitationBody): Promise<CreatedInvitation> {
  return apiJson<CreatedInvitation>('POST', '/api/admin/invitations', body);
}

export function useInviteCreator() {
  return useAdminAction(inviteCreator);
}

/** Withdraws an unused invitation. */
export function revokeInvitation({ invitationId }: { invitationId: string }): Promise<AdminInvitation> {
  return apiJson<AdminInvitation>('POST', `/api/admin/invitations/${encodeURIComponent(invitationId)}/revoke`);
}

export function useRevokeInvitation() {
  return useAdminAction(revokeInvitation);
}
