import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '#db/client';
import { discussionReports, lessonThreads, threadReplies, threadUpvotes } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import type { Thread, ThreadReply, ThreadUpvote } from '#shared/schemas/discussions';
import { AppError } from '../../errors';
import { recordAdminAction } from '../../lib/admin-audit';
import { isForeignKeyViolation } from '../../lib/db-errors';
import type { JobQueue } from '../../lib/jobs/job-kinds';
import { requireLearnableCourse } from '../../lib/learnable-course';
import { iso } from '../../lib/list-pages';
import type { ReadCache } from '../../lib/read-cache/read-cache';
import { type CurrentUser, requireUser } from '../../plugins/current-user';

/*
 * Lesson Q&A's writes (docs/product.md, Lesson Q&A; ADR 0057). Who may act is decided from the slide
 * the post is under, by the rule every learner route follows (lib/learnable-course.ts): enrolled
 * students and the course's creator; others get 403, and 404 where they may not see the course. A
 * hidden post is as unknown as a missing one to everyone but admins.
 */

export const threadNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'Question not found');
export const replyNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'Reply not found');

type Services = { db: Db; reads: ReadCache; request: FastifyRequest };

async function findThread(db: DbOrTx, threadId: string) {
  if (!isUuid(threadId)) return undefined;
  const [thread] = await db
    .select({
      id: lessonThreads.id,
      lessonId: lessonThreads.lessonId,
      courseId: lessonThreads.courseId,
      userId: lessonThreads.userId,
      hiddenAt: lessonThreads.hiddenAt,
    })
    .from(lessonThreads)
    .where(eq(lessonThreads.id, threadId));
  return thread;
}

async function findReply(db: DbOrTx, replyId: string) {
  if (!isUuid(replyId)) return undefined;
  const [reply] = await db
    .select({
      id: threadReplies.id,
      userId: threadReplies.userId,
      hiddenAt: threadReplies.hiddenAt,
      threadId: threadReplies.threadId,
      lessonId: lessonThreads.lessonId,
      courseId: lessonThreads.courseId,
      threadHiddenAt: lessonThreads.hiddenAt,
    })
    .from(threadReplies)
    .innerJoin(lessonThreads, eq(lessonThreads.id, threadReplies.threadId))
    .where(eq(threadReplies.id, replyId));
  return reply;
}

/** The caller, who may learn from the slide `lessonId` is under, and the course's creator. */
export async function requireLessonReader({ reads, request }: Services, lessonId: string) {
  const { access, courseId } = await requireLearnableCourse({ request, reads, kind: 'lesson', id: lessonId });
  // May learn, so signed in.
  const user = (await request.getCurrentUser()) as CurrentUser;
  return { user, courseId, creatorId: access.course.creatorId };
}

/** A visible thread the caller may read, with the caller and the course's creator. */
async function requireThread(services: Services, threadId: string) {
  const thread = await findThread(services.db, threadId);
  if (!thread) throw threadNotFound();
  const reader = await requireLessonReader(services, thread.lessonId);
  if (thread.hiddenAt !== null) throw threadNotFound();
  return { thread, ...reader };
}

/** A visible reply (in a visible thread) the caller may read. */
async function requireReply(services: Services, replyId: string) {
  const reply = await findReply(services.db, replyId);
  if (!reply) throw replyNotFound();
  const reader = await requireLessonReader(services, reply.lessonId);
  if (reply.hiddenAt !== null || reply.threadHiddenAt !== null) throw replyNotFound();
  return { reply, ...reader };
}

export async function postThread(
  services: Services,
  { lessonId, body, countPost }: { lessonId: string; body: string; countPost: (userId: string) => Promise<void> },
): Promise<Thread> {
  const { user, courseId } = await requireLessonReader(services, lessonId);
  await countPost(user.id);
  let row: { id: string; createdAt: Date } | undefined;
  try {
    [row] = await services.db
      .insert(lessonThreads)
      .values({ lessonId, courseId, userId: user.id, body })
      .returning({ id: lessonThreads.id, createdAt: lessonThreads.createdAt });
  } catch (error) {
    // The slide was deleted meanwhile.
    if (isForeignKeyViolation(error)) throw new AppError(ErrorCode.NOT_FOUND, 'Lesson not found');
    throw error;
  }
  if (!row) throw new Error('thread insert returned no row');
  return {
    id: row.id,
    body,
    user: { id: user.id, name: user.name },
    createdAt: iso(row.createdAt),
    upvotes: 0,
    upvoted: false,
    answered: false,
    replies: [],
  };
}

/**
 * A reply. The creator's first reply marks the thread answered and queues the asker's mail in the
 * same transaction (not when the creator asked it themselves): the mail goes exactly when the mark does.
 */
export async function postReply(
  services: Services & { jobs: JobQueue },
  { threadId, body, countPost }: { threadId: string; body: string; countPost: (userId: string) => Promise<void> },
): Promise<ThreadReply> {
  const { user, creatorId } = await requireThread(services, threadId);
  await countPost(user.id);
  const isInstructor = user.id === creatorId;
  try {
    return await services.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(threadReplies)
        .values({ threadId, userId: user.id, body })
        .returning({ id: threadReplies.id, createdAt: threadReplies.createdAt });
      if (!row) throw new Error('reply insert returned no row');
      if (isInstructor) {
        const [answered] = await tx
          .update(lessonThreads)
          .set({ answeredAt: sql`now()` })
          .where(and(eq(lessonThreads.id, threadId), isNull(lessonThreads.answeredAt)))
          .returning({ askerId: lessonThreads.userId });
        if (answered && answered.askerId !== creatorId) await services.jobs.enqueue(tx, 'mail.thread-answered', { threadId });
      }
      return {
        id: row.id,
        body,
        user: { id: user.id, name: user.name },
        instructor: isInstructor,
        createdAt: iso(row.createdAt),
      };
    });
  } catch (error) {
    // The thread was deleted meanwhile.
    if (isForeignKeyViolation(error)) throw threadNotFound();
    throw error;
  }
}

/**
 * An upvote (`isUpvoted`) or its withdrawal: one per person, so twice counts once, and the count
 * follows by trigger (migration 0039). Not on one's own question: a vote says "I want this answered too".
 */
export async function voteThread(
  services: Services,
  { threadId, isUpvoted }: { threadId: string; isUpvoted: boolean },
): Promise<ThreadUpvote> {
  const { user, thread } = await requireThread(services, threadId);
  if (thread.userId === user.id) throw new AppError(ErrorCode.FORBIDDEN, 'You cannot upvote your own question');
  const { db } = services;
  try {
    if (isUpvoted) await db.insert(threadUpvotes).values({ threadId, userId: user.id }).onConflictDoNothing();
    else await db.delete(threadUpvotes).where(and(eq(threadUpvotes.threadId, threadId), eq(threadUpvotes.userId, user.id)));
  } catch (error) {
    if (isForeignKeyViolation(error)) throw threadNotFound();
    throw error;
  }
  const [counted] = await db
    .select({ upvotes: lessonThreads.upvoteCount })
    .from(lessonThreads)
    .where(eq(lessonThreads.id, threadId));
  if (!counted) throw threadNotFound();
  return { id: threadId, upvotes: counted.upvotes, upvoted: isUpvoted };
}

/**
 * Keeps `answered_at` true to the visible replies of the course's creator: the earliest one's time,
 * or null once none is left (a deleted or hidden answer makes the thread unanswered again).
 */
export async function syncAnswered(tx: DbOrTx, threadId: string, creatorId: string) {
  await tx
    .update(lessonThreads)
    .set({
      answeredAt: sql`(select min(${threadReplies.createdAt}) from ${threadReplies} where ${threadReplies.threadId} = ${threadId}::uuid and ${threadReplies.userId} = ${creatorId}::uuid and ${threadReplies.hiddenAt} is null)`,
    })
    .where(eq(lessonThreads.id, threadId));
}

/**
 * Deletes a thread with its replies, upvotes and reports: its author, the course's creator, or an
 * admin (any course, audit-logged). Others who may read it get 403.
 */
export async function deleteThread({ db, reads, request }: Services, threadId: string): Promise<void> {
  const user = await requireUser(request);
  if (user.role === 'admin') {
    const thread = await findThread(db, threadId);
    if (!thread) throw threadNotFound();
    await db.transaction(async (tx) => {
      const deleted = await tx.delete(lessonThreads).where(eq(lessonThreads.id, threadId)).returning({ id: lessonThreads.id });
      if (deleted.length === 0) throw threadNotFound();
      await recordAdminAction(tx, {
        adminId: user.id,
        action: 'thread.delete',
        targetType: 'thread',
        targetId: threadId,
        details: { courseId: thread.courseId, lessonId: thread.lessonId, authorId: thread.userId },
      });
    });
    return;
  }
  const { thread, creatorId } = await requireThread({ db, reads, request }, threadId);
  if (thread.userId !== user.id && creatorId !== user.id) {
    throw new AppError(ErrorCode.FORBIDDEN, 'Only its author or the course’s creator may delete this question');
  }
  await db.delete(lessonThreads).where(eq(lessonThreads.id, threadId));
}

/** Deletes a reply: its author, the course's creator, or an admin (audit-logged). */
export async function deleteReply({ db, reads, request }: Services, replyId: string): Promise<void> {
  const user = await requireUser(request);
  const reply = await findReply(db, replyId);
  if (!reply) throw replyNotFound();
  const isAdmin = user.role === 'admin';
  const creatorId = isAdmin
    ? (await reads.course(reply.courseId))?.creatorId
    : (await requireReply({ db, reads, request }, replyId)).creatorId;
  if (!isAdmin && reply.userId !== user.id && creatorId !== user.id) {
    throw new AppError(ErrorCode.FORBIDDEN, 'Only its author or the course’s creator may delete this reply');
  }
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(threadReplies).where(eq(threadReplies.id, replyId)).returning({ id: threadReplies.id });
    if (deleted.length === 0) throw replyNotFound();
    if (reply.userId === creatorId) await syncAnswered(tx, reply.threadId, reply.userId);
    if (isAdmin) {
      await recordAdminAction(tx, {
        adminId: user.id,
        action: 'reply.delete',
        targetType: 'reply',
        targetId: replyId,
        details: { courseId: reply.courseId, threadId: reply.threadId, authorId: reply.userId },
      });
    }
  });
}

/**
 * A report of a thread (`kind` thread) or reply, for admins: anyone who may read it, once each (a
 * second report is accepted and adds nothing), not of one's own post.
 */
export async function reportPost(
  services: Services,
  { kind, id, reason }: { kind: 'thread' | 'reply'; id: string; reason: string | undefined },
): Promise<{ reported: true }> {
  const { user, authorId } =
    kind === 'thread'
      ? await requireThread(services, id).then(({ user, thread }) => ({ user, authorId: thread.userId }))
      : await requireReply(services, id).then(({ user, reply }) => ({ user, authorId: reply.userId }));
  if (authorId === user.id) throw new AppError(ErrorCode.BAD_REQUEST, 'You cannot report your own post');
  try {
    await services.db
      .insert(discussionReports)
      .values({ ...(kind === 'thread' ? { threadId: id } : { replyId: id }), userId: user.id, reason: reason || null })
      .onConflictDoNothing();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw kind === 'thread' ? threadNotFound() : replyNotFound();
    throw error;
  }
  return { reported: true };
}
