import type { AdminDiscussionReport } from '#shared/schemas/discussions';
import { apiJson } from '#web/lib/api-client';
import { useAdminAction } from './admin-action';
import { usePagedList } from './paged-list';

/** GET /api/admin/discussions: reported questions and replies, most reported first. */
export function useReportedDiscussions() {
  return usePagedList<AdminDiscussionReport>('/api/admin/discussions', {});
}

/** Hides a question or a reply from its course's students and creator, or shows it again. */
export function setDiscussionHidden({
  kind,
  id,
  isHidden,
}: {
  kind: AdminDiscussionReport['kind'];
  id: string;
  isHidden: boolean;
}) {
  const collection = kind === 'thread' ? 'threads' : 'replies';
  return apiJson<{ id: string; hidden: boolean }>('PUT', `/api/admin/${collection}/${encodeURIComponent(id)}/hidden`, {
    hidden: isHidden,
  });
}

export function useSetDiscussionHidden() {
  return useAdminAction(setDiscussionHidden);
}
