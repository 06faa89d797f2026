import { type AnyColumn, and, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { creatorInvites, sessions, users } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import type {
  AdminCreatorList,
  AdminCreatorListQuery,
  AdminInvitation,
  AdminInvitationList,
  AdminInvitationListQuery,
  AdminUser,
  AdminUserList,
  AdminUserListQuery,
  CreatedInvitation,
} from '#shared/schemas/admin';
import { AppError } from '../../errors';
import { recordAdminAction } from '../../lib/admin-audit';
import { createCreatorInvite } from '../../lib/creator-invites';
import type { JobQueue } from '../../lib/jobs/job-kinds';
import { containsPattern, cursorTime, decodeCursor, iso, isoOrNull, pageOf, timeOfCursor } from '../../lib/list-pages';
import { sqlRows } from '../../lib/sql-rows';

const userNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'User not found');
const invitationNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'Invitation not found');

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  createdAt: users.createdAt,
  suspendedAt: users.suspendedAt,
};
type UserRow = Omit<AdminUser, 'createdAt' | 'suspendedAt'> & { createdAt: Date; suspendedAt: Date | null };

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    createdAt: iso(row.createdAt),
    suspendedAt: isoOrNull(row.suspendedAt),
  };
}

/** Newer accounts first, before the cursor's, when there is one. */
function beforeCursor(cursor: string | undefined, createdAt: SQL | AnyColumn, id: SQL | AnyColumn) {
  if (cursor === undefined) return undefined;
  const [at, after] = decodeCursor(cursor, ['time', 'id'] as const);
  return sql`(${createdAt}, ${id}) < (${timeOfCursor(at)}, ${after}::uuid)`;
}

/** GET /api/admin/users: every account, newest first, by part of its name or email, role and state. */
export async function listUsers({ db, query }: { db: Db; query: AdminUserListQuery }): Promise<AdminUserList> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const rows = await db
    .select({ ...userColumns, cursorAt: cursorTime(users.createdAt) })
    .from(users)
    .where(
      and(
        pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
        query.role ? eq(users.role, query.role) : undefined,
        query.status === 'suspended'
          ? isNotNull(users.suspendedAt)
          : query.status === 'active'
            ? isNull(users.suspendedAt)
            : undefined,
        beforeCursor(query.cursor, users.createdAt, users.id),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit + 1);
  return pageOf(rows, query.limit, toAdminUser, (row) => [row.cursorAt, row.id]);
}

/**
 * Suspends an account, or lifts it. Suspending revokes every session of the user in the same
 * transaction; the update of their row and of the sessions announce themselves (migrations 0001,
 * 0003), so every app instance drops the cached sessions at once, and the session loader refuses a
 * suspended user's sessions besides (lib/read-cache/loaders.ts). Sign-in answers 403 until lifted.
 */
export async function setUserSuspended({
  db,
  adminId,
  userId,
  isSuspended,
  now,
}: {
  db: Db;
  adminId: string;
  userId: string;
  isSuspended: boolean;
  now: number;
}): Promise<AdminUser> {
  if (!isUuid(userId)) throw userNotFound();
  if (isSuspended && userId === adminId) throw new AppError(ErrorCode.CONFLICT, 'You cannot suspend your own account');
  return db.transaction(async (tx) => {
    const [user] = await tx.select(userColumns).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw userNotFound();
    if (isSuspended && user.suspendedAt) throw new AppError(ErrorCode.CONFLICT, 'This account is already suspended');
    if (!isSuspended && !user.suspendedAt) throw new AppError(ErrorCode.CONFLICT, 'This account is not suspended');
    const at = new Date(now);
    const [updated] = await tx
      .update(users)
      .set({ suspendedAt: isSuspended ? at : null, updatedAt: at })
      .where(eq(users.id, userId))
      .returning(userColumns);
    if (!updated) throw userNotFound();
    const revoked = isSuspended
      ? await tx
          .update(sessions)
          .set({ revokedAt: at })
          .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id })
      : [];
    await recordAdminAction(tx, {
      adminId,
      action: isSuspended ? 'user.suspend' : 'user.unsuspend',
      targetType: 'user',
      targetId: userId,
      details: { email: user.email, ...(isSuspended ? { revokedSessions: revoked.length } : {}) },
    });
    return toAdminUser(updated);
  });
}

/** GET /api/admin/creators: the creators, newest first, with how many courses they have and sell. */
export async function listCreators({ db, query }: { db: Db; query: AdminCreatorListQuery }): Promise<AdminCreatorList> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const rows = await sqlRows<{
    id: string;
    email: string;
    name: string;
    createdAt: string;
    suspendedAt: string | null;
    cursorAt: string;
    courseCount: number;
    publishedCount: number;
    enrollmentCount: number;
  }>(
    db,
    sql`SELECT u.id, u.email, u.name, u.created_at AS "createdAt", u.suspended_at AS "suspendedAt",
        ${cursorTime(sql`u.created_at`)} AS "cursorAt",
        coalesce(c.courses, 0)::int AS "courseCount", coalesce(c.published, 0)::int AS "publishedCount",
        coalesce(c.enrollments, 0)::int AS "enrollmentCount"
      FROM users u
      LEFT JOIN LATERAL (SELECT count(*) AS courses,
          count(*) FILTER (WHERE published AND NOT archived) AS published,
          sum(student_count) AS enrollments
        FROM courses WHERE creator_id = u.id) c ON true
      WHERE u.role = 'creator'
        ${pattern ? sql`AND (u.name ILIKE ${pattern} OR u.email ILIKE ${pattern})` : sql``}
        ${query.cursor === undefined ? sql`` : sql`AND ${beforeCursor(query.cursor, sql`u.created_at`, sql`u.id`)}`}
      ORDER BY u.created_at DESC, u.id DESC
      LIMIT ${query.limit + 1}`,
  );
  return pageOf(
    rows,
    query.limit,
    ({ cursorAt: _, createdAt, suspendedAt, ...row }) => ({
      ...row,
      createdAt: iso(createdAt),
      suspendedAt: isoOrNull(suspendedAt),
    }),
    (row) => [row.cursorAt, row.id],
  );
}

const invitationColumns = {
  id: creatorInvites.id,
  email: creatorInvites.email,
  createdAt: creatorInvites.createdAt,
  usedAt: creatorInvites.usedAt,
  revokedAt: creatorInvites.revokedAt,
  usedById: users.id,
  usedByName: users.name,
};

function toInvitation(row: {
  id: string;
  email: string;
  createdAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  usedById: string | null;
  usedByName: string | null;
}): AdminInvitation {
  return {
    id: row.id,
    email: row.email,
    status: row.usedAt ? 'used' : row.revokedAt ? 'revoked' : 'pending',
    createdAt: iso(row.createdAt),
    usedAt: isoOrNull(row.usedAt),
    usedBy: row.usedById && row.usedByName !== null ? { id: row.usedById, name: row.usedByName } : null,
    revokedAt: isoOrNull(row.revokedAt),
  };
}

/** GET /api/admin/invitations: creator invitations, newest first, from the CLI and from the web alike. */
export async function listInvitations({ db, query }: { db: Db; query: AdminInvitationListQuery }): Promise<AdminInvitationList> {
  const status =
    query.status === 'pending'
      ? and(isNull(creatorInvites.usedAt), isNull(creatorInvites.revokedAt))
      : query.status === 'used'
        ? isNotNull(creatorInvites.usedAt)
        : query.status === 'revoked'
          ? and(isNull(creatorInvites.usedAt), isNotNull(creatorInvites.revokedAt))
          : undefined;
  const rows = await db
    .select({ ...invitationColumns, cursorAt: cursorTime(creatorInvites.createdAt) })
    .from(creatorInvites)
    .leftJoin(users, eq(users.id, creatorInvites.usedBy))
    .where(and(status, beforeCursor(query.cursor, creatorInvites.createdAt, creatorInvites.id)))
    .orderBy(desc(creatorInvites.createdAt), desc(creatorInvites.id))
    .limit(query.limit + 1);
  return pageOf(rows, query.limit, toInvitation, (row) => [row.cursorAt, row.id]);
}

/**
 * POST /api/admin/invitations: what `npm run invite` does (lib/creator-invites.ts), from the web, with
 * the mail queued in the transaction that makes the invitation (ADR 0037), so it is sent, and retried
 * while the mail server is unreachable, even if this instance stops. An email that already has an
 * account is refused: sign-up could never use the invitation.
 */
export async function inviteCreator({
  db,
  jobs,
  publicUrl,
  adminId,
  email,
}: {
  db: Db;
  jobs: JobQueue;
  publicUrl: string;
  adminId: string;
  email: string;
}): Promise<CreatedInvitation> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  if (taken) throw new AppError(ErrorCode.CONFLICT, 'An account with this email already exists');
  const invite = await db.transaction(async (tx) => {
    const made = await createCreatorInvite({ db: tx, publicUrl, email });
    await recordAdminAction(tx, {
      adminId,
      action: 'invitation.create',
      targetType: 'invitation',
      targetId: made.id,
      details: { email: made.email },
    });
    // The code must travel with the job (the admin is shown the same link); the job's payload is deleted once it is mailed.
    await jobs.enqueue(tx, 'mail.creator-invite', { invitationId: made.id, code: made.code });
    return made;
  });
  return {
    invitation: toInvitation({ ...invite, usedAt: null, revokedAt: null, usedById: null, usedByName: null }),
    link: invite.link,
    isMailed: true,
  };
}

/** Withdraws an invitation nobody has used yet: its code no longer signs anyone up. A used one stays (409). */
export async function revokeInvitation({
  db,
  adminId,
  invitationId,
  now,
}: {
  db: Db;
  adminId: string;
  invitationId: string;
  now: number;
}): Promise<AdminInvitation> {
  if (!isUuid(invitationId)) throw invitationNotFound();
  return db.transaction(async (tx) => {
    // Locked: a sign-up claiming it at this moment waits, then finds it revoked (or this finds it used).
    const [invite] = await tx
      .select({
        id: creatorInvites.id,
        email: creatorInvites.email,
        usedAt: creatorInvites.usedAt,
        revokedAt: creatorInvites.revokedAt,
      })
      .from(creatorInvites)
      .where(eq(creatorInvites.id, invitationId))
      .for('update');
    if (!invite) throw invitationNotFound();
    if (invite.usedAt) throw new AppError(ErrorCode.CONFLICT, 'This invitation has been used and cannot be revoked');
    if (invite.revokedAt) throw new AppError(ErrorCode.CONFLICT, 'This invitation is already revoked');
    await tx
      .update(creatorInvites)
      .set({ revokedAt: new Date(now) })
      .where(eq(creatorInvites.id, invitationId));
    await recordAdminAction(tx, {
      adminId,
      action: 'invitation.revoke',
      targetType: 'invitation',
      targetId: invitationId,
      details: { email: invite.email },
    });
    const [row] = await tx
      .select(invitationColumns)
      .from(creatorInvites)
      .leftJoin(users, eq(users.id, creatorInvites.usedBy))
      .where(eq(creatorInvites.id, invitationId));
    if (!row) throw invitationNotFound();
    return toInvitation(row);
  });
}
