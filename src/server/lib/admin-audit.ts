import type { DbOrTx } from '#db/client';
import { adminAuditLog } from '#db/schema/index';
import type { AdminAction, AdminTargetType } from '#shared/schemas/admin';

/**
 * Writes one row of the admin audit log (issue 24 §6). Called with the transaction of the action
 * itself, so the row commits exactly when the action does, and a refused or failed action leaves none.
 */
export async function recordAdminAction(
  tx: DbOrTx,
  entry: {
    adminId: string;
    action: AdminAction;
    targetType: AdminTargetType;
    targetId: string;
    details?: Record<string, string | number | boolean | null>;
  },
): Promise<void> {
  await tx.insert(adminAuditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? {},
  });
}
