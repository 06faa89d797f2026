import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { adminAuditLog, users } from '#db/schema/index';
import type { AdminAuditEntry, AdminAuditList, AdminAuditListQuery } from '#shared/schemas/admin';
import { cursorTime, decodeCursor, iso, pageOf, timeOfCursor } from '../../lib/list-pages';

/** GET /api/admin/audit: what admins did, newest first, of one kind of action when asked. */
export async function listAuditLog({ db, query }: { db: Db; query: AdminAuditListQuery }): Promise<AdminAuditList> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, ['time', 'id'] as const);
  const rows = await db
    .select({
      entry: adminAuditLog,
      admin: { id: users.id, name: users.name, email: users.email },
      cursorAt: cursorTime(adminAuditLog.createdAt),
    })
    .from(adminAuditLog)
    .innerJoin(users, eq(users.id, adminAuditLog.adminId))
    .where(
      and(
        query.action ? eq(adminAuditLog.action, query.action) : undefined,
        after
          ? sql`(${adminAuditLog.createdAt}, ${adminAuditLog.id}) < (${timeOfCursor(after[0])}, ${after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(query.limit + 1);
  return pageOf(
    rows,
    query.limit,
    ({ entry, admin }) =>
      ({
        id: entry.id,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        details: entry.details,
        createdAt: iso(entry.createdAt),
        admin,
      }) as AdminAuditEntry,
    (row) => [row.cursorAt, row.entry.id],
  );
}
