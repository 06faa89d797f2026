import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import {
  certificates,
  courses,
  discussionReports,
  emailChanges,
  enrollments,
  lessonProgress,
  lessonThreads,
  passwordResets,
  payments,
  quizAttempts,
  reviewReports,
  reviews,
  savedCourses,
  sessionActivity,
  sessions,
  signInAddresses,
  threadReplies,
  threadUpvotes,
  users,
} from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import {
  type AccountSessionList,
  accountMessages,
  type ConfirmEmailResponse,
  EMAIL_CHANGE_TTL_HOURS,
  type SignedOutResponse,
  type UpdateMeBody,
} from '#shared/schemas/account';
import type { MessageResponse, User } from '#shared/schemas/auth';
import type { Config } from '../../env';
import { AppError } from '../../errors';
import { certificateKeys } from '../../lib/certificate-keys';
import { clientAddressKey } from '../../lib/client-address';
import { isUniqueViolation } from '../../lib/db-errors';
import type { JobQueue } from '../../lib/jobs/job-kinds';
import type { Mailer } from '../../lib/mailer';
import type { ObjectStore } from '../../lib/object-store/object-store';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { enforceRateLimits, type RateLimitCheck, refundRateLimit } from '../../lib/rate-limit';
import { recipientLocale, savedLocale } from '../../lib/recipient-locale';
import { generateToken, hashToken } from '../../lib/tokens';
import { confirmEmailMail } from './account.mail';
import { deviceName } from './device-name';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const EMAIL_CHANGE_TTL_MS = EMAIL_CHANGE_TTL_HOURS * HOUR_MS;

type AccountConfig = Pick<Config, 'publicUrl' | 'rateLimits'>;
type Log = { error: (details: Record<string, unknown>, message: string) => void };

/** The name, the saved language, or both (a field left out stays as it is). */
export async function updateMe({ db, userId, changes }: { db: Db; userId: string; changes: UpdateMeBody }): Promise<User> {
  // The users trigger drops every cached session of the user, so the next request already has the change.
  const [row] = await db
    .update(users)
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.locale === undefined ? {} : { locale: changes.locale }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id, email: users.email, name: users.name, role: users.role, locale: users.locale });
  if (!row) throw new AppError(ErrorCode.UNAUTHORIZED, 'Authentication required');
  return { ...row, locale: savedLocale(row.locale) };
}

/**
 * The signed-in user's current password, checked before anything sensitive. Guesses count per
 * account like failed logins (a stolen session must not become a password oracle): every check
 * counts up front and is refunded when the password is right, so parallel guesses cannot slip past.
 */
async function assertCurrentPassword({
  db,
  config,
  userId,
  password,
  now,
}: {
  db: Db;
  config: AccountConfig;
  userId: string;
  password: string;
  now: number;
}): Promise<void> {
  const checks: RateLimitCheck[] = [
    { key: `account-password:user:${userId}:minute`, limit: config.rateLimits.loginPerMinute, windowMs: MINUTE_MS },
    { key: `account-password:user:${userId}:hour`, limit: config.rateLimits.loginPerHourPerEmail, windowMs: HOUR_MS },
  ];
  await enforceRateLimits({ db, now, checks });
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  const isValid = user ? await verifyPassword(password, user.passwordHash) : false;
  if (!isValid) {
    throw new AppError(ErrorCode.BAD_REQUEST, accountMessages.wrongPassword, {
      errors: { currentPassword: accountMessages.wrongPassword },
    });
  }
  await Promise.all(checks.map((check) => refundRateLimit({ db, now, ...check })));
}

export async function changePassword({
  db,
  config,
  userId,
  sessionId,
  now,
  currentPassword,
  newPassword,
}: {
  db: Db;
  config: AccountConfig;
  userId: string;
  sessionId: string;
  now: number;
  currentPassword: string;
  newPassword: string;
}): Promise<MessageResponse> {
  await assertCurrentPassword({ db, config, userId, password: currentPassword, now });
  if (currentPassword === newPassword) {
    throw new AppError(ErrorCode.BAD_REQUEST, accountMessages.samePassword, {
      errors: { newPassword: accountMessages.samePassword },
    });
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const at = new Date(now);
    await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
    // Whoever else holds a session (a lost phone, a thief) is signed out; this one stays.
    await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId), isNull(sessions.revokedAt)));
    // A reset link mailed before the change must not undo it.
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  });
  return { message: accountMessages.passwordChanged };
}

/**
 * Queues a single-use link to the new address (sendEmailConfirmMail); the email changes only when it
 * is opened (confirmEmailChange). Only the newest link of a user works.
 */
export async function requestEmailChange({
  db,
  config,
  jobs,
  userId,
  now,
  newEmail: rawEmail,
  currentPassword,
}: {
  db: Db;
  config: AccountConfig;
  jobs: JobQueue;
  userId: string;
  now: number;
  newEmail: string;
  currentPassword: string;
}): Promise<MessageResponse> {
  const newEmail = rawEmail.trim().toLowerCase();
  await assertCurrentPassword({ db, config, userId, password: currentPassword, now });
  const [user] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError(ErrorCode.UNAUTHORIZED, 'Authentication required');
  if (user.email === newEmail) {
    throw new AppError(ErrorCode.BAD_REQUEST, accountMessages.emailSame, { errors: { newEmail: accountMessages.emailSame } });
  }
  // Sign-up already tells whether an address is taken; saying so here lets the owner fix a typo.
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
  if (taken)
    throw new AppError(ErrorCode.CONFLICT, accountMessages.emailTaken, { errors: { newEmail: accountMessages.emailTaken } });
  // Each link is a mail to an address of the caller's choosing: limited per account like reset links.
  await enforceRateLimits({
    db,
    now,
    checks: [{ key: `email-change:user:${userId}`, limit: config.rateLimits.resetPerHourPerEmail, windowMs: HOUR_MS }],
  });
  await db.transaction(async (tx) => {
    await tx.delete(emailChanges).where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
    // The mailed token is made by the job when it sends the link; until then the row holds the hash of one nobody has.
    const [change] = await tx
      .insert(emailChanges)
      .values({ userId, newEmail, tokenHash: hashToken(generateToken()), expiresAt: new Date(now + EMAIL_CHANGE_TTL_MS) })
      .returning({ id: emailChanges.id });
    if (!change) throw new Error('email change insert returned no row');
    await jobs.enqueue(tx, 'mail.email-confirm', { emailChangeId: change.id });
  });
  return { message: accountMessages.emailSent };
}

/**
 * The job of requestEmailChange: gives the pending change a new token and mails its link. A change
 * used, expired or replaced by a newer one meanwhile gets no mail; tried again, only the newest link works.
 */
export async function sendEmailConfirmMail({
  db,
  mailer,
  publicUrl,
  now,
  emailChangeId,
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: number;
  emailChangeId: string;
}): Promise<void> {
  const token = generateToken();
  const [change] = await db
    .update(emailChanges)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(emailChanges.id, emailChangeId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, new Date(now))))
    .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
  if (!change) return;
  const [user] = await db
    .select({ name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.id, change.userId))
    .limit(1);
  if (!user) return;
  const link = `${publicUrl}/account/confirm-email?token=${encodeURIComponent(token)}`;
  await mailer.send(confirmEmailMail({ to: change.newEmail, name: user.name, link, locale: recipientLocale(user.locale) }));
}

/**
 * Uses a link from requestEmailChange. It needs no session: the link may be opened on another
 * device; holding it proves the mailbox. Guesses are limited per IP and every answer but success is
 * the same message.
 */
export async function confirmEmailChange({
  db,
  config,
  jobs,
  ip,
  now,
  token,
}: {
  db: Db;
  config: AccountConfig;
  jobs: JobQueue;
  ip: string;
  now: number;
  token: string;
}): Promise<ConfirmEmailResponse> {
  await enforceRateLimits({
    db,
    now,
    checks: [{ key: `email-confirm:ip:${clientAddressKey(ip)}`, limit: config.rateLimits.resetPerHourPerIp, windowMs: HOUR_MS }],
  });
  const invalid = () => new AppError(ErrorCode.BAD_REQUEST, accountMessages.emailLinkInvalid);
  const at = new Date(now);
  const changed = await db
    .transaction(async (tx) => {
      // Conditional update: a link used twice at once (or replayed later) changes the email once.
      const [claimed] = await tx
        .update(emailChanges)
        .set({ usedAt: at })
        .where(and(eq(emailChanges.tokenHash, hashToken(token)), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, at)))
        .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
      if (!claimed) throw invalid();
      const [before] = await tx
        .select({ email: users.email, name: users.name, locale: users.locale })
        .from(users)
        .where(eq(users.id, claimed.userId))
        .limit(1);
      if (!before) throw invalid();
      await tx.update(users).set({ email: claimed.newEmail, updatedAt: at }).where(eq(users.id, claimed.userId));
      // Reset links went to the old address.
      await tx.delete(passwordResets).where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
      // So a hijacked session cannot move an account away unnoticed: the old address hears of it.
      await jobs.enqueue(tx, 'mail.email-changed', {
        to: before.email,
        name: before.name,
        newEmail: claimed.newEmail,
        locale: savedLocale(before.locale),
      });
      return claimed;
    })
    .catch((error: unknown) => {
      // Someone took the address between the request and the click.
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.CONFLICT, accountMessages.emailTaken);
      throw error;
    });
  return { message: accountMessages.emailChanged, email: changed.newEmail };
}

export async function listSessions({
  db,
  userId,
  sessionId,
  now,
}: {
  db: Db;
  userId: string;
  sessionId: string;
  now: number;
}): Promise<AccountSessionList> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessionActivity.lastUsedAt,
    })
    .from(sessions)
    .leftJoin(sessionActivity, eq(sessionActivity.sessionId, sessions.id))
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))))
    .orderBy(desc(sql`coalesce(${sessionActivity.lastUsedAt}, ${sessions.createdAt})`), desc(sessions.id));
  return {
    items: rows.map((row) => {
      const lastUsedAt = row.lastUsedAt && row.lastUsedAt > row.createdAt ? row.lastUsedAt : row.createdAt;
      return {
        id: row.id,
        device: deviceName(row.userAgent),
        createdAt: row.createdAt.toISOString(),
        // The session asking is being used right now.
        lastUsedAt: row.id === sessionId ? new Date(Math.max(now, lastUsedAt.getTime())).toISOString() : lastUsedAt.toISOString(),
        isCurrent: row.id === sessionId,
      };
    }),
  };
}

/** Signs out one session of the caller's; another user's session id is answered as unknown. */
export async function revokeSession({
  db,
  userId,
  targetId,
  now,
}: {
  db: Db;
  userId: string;
  targetId: string;
  now: number;
}): Promise<MessageResponse> {
  const notFound = new AppError(ErrorCode.NOT_FOUND, accountMessages.sessionNotFound);
  if (!isUuid(targetId)) throw notFound;
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date(now) })
    .where(
      and(
        eq(sessions.id, targetId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(now)),
      ),
    )
    .returning({ id: sessions.id });
  if (revoked.length === 0) throw notFound;
  return { message: accountMessages.sessionSignedOut };
}

export async function revokeOtherSessions({
  db,
  userId,
  sessionId,
  now,
}: {
  db: Db;
  userId: string;
  sessionId: string;
  now: number;
}): Promise<SignedOutResponse> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  const count = revoked.length;
  return { message: count === 1 ? 'Signed out of 1 other session' : `Signed out of ${count} other sessions`, count };
}

/**
 * Deletes an account as the account page says (web/features/account/components/delete-account.tsx):
 * certificates (rows and kept PDFs), enrollments, progress, quiz attempts, saved courses, reviews,
 * sessions and pending links are deleted; payments are kept for the accounts, tied to a row that no
 * longer holds a name, an email or a password. A creator whose courses have students, or who still
 * has a course in the marketplace, is refused; their other courses are deleted, except ones with a
 * recorded payment, which stay archived and unpublished so the payment keeps its course.
 */
export async function deleteAccount({
  db,
  config,
  objectStore,
  log,
  userId,
  now,
  currentPassword,
}: {
  db: Db;
  config: AccountConfig;
  objectStore: ObjectStore;
  log: Log;
  userId: string;
  now: number;
  currentPassword: string;
}): Promise<MessageResponse & { work: () => Promise<void> }> {
  await assertCurrentPassword({ db, config, userId, password: currentPassword, now });
  const certificateIds = await db.transaction(async (tx) => {
    // Locks the user row: a course published or a student enrolled meanwhile waits for this decision.
    const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError(ErrorCode.UNAUTHORIZED, 'Authentication required');
    const own = await tx
      .select({ id: courses.id, published: courses.published, archived: courses.archived })
      .from(courses)
      .where(eq(courses.creatorId, userId));
    if (own.length > 0) {
      const ownIds = own.map((course) => course.id);
      const [withStudents] = await tx
        .select({ id: enrollments.id })
        .from(enrollments)
        .where(inArray(enrollments.courseId, ownIds))
        .limit(1);
      if (withStudents) throw new AppError(ErrorCode.CONFLICT, accountMessages.creatorHasStudents);
      if (own.some((course) => course.published && !course.archived)) {
        throw new AppError(ErrorCode.CONFLICT, accountMessages.creatorHasPublished);
      }
      const paid = new Set(
        (await tx.selectDistinct({ courseId: payments.courseId }).from(payments).where(inArray(payments.courseId, ownIds))).map(
          (row) => row.courseId,
        ),
      );
      const deletable = ownIds.filter((id) => !paid.has(id));
      if (deletable.length > 0) await tx.delete(courses).where(inArray(courses.id, deletable));
      if (paid.size > 0) {
        await tx
          .update(courses)
          .set({ published: false, archived: true })
          .where(inArray(courses.id, [...paid]));
      }
    }
    const removed = await tx.delete(certificates).where(eq(certificates.userId, userId)).returning({ id: certificates.id });
    await tx.delete(enrollments).where(eq(enrollments.userId, userId));
    await tx.delete(lessonProgress).where(eq(lessonProgress.userId, userId));
    await tx.delete(quizAttempts).where(eq(quizAttempts.userId, userId));
    await tx.delete(savedCourses).where(eq(savedCourses.userId, userId));
    await tx.delete(reviewReports).where(eq(reviewReports.userId, userId));
    await tx.delete(reviews).where(eq(reviews.userId, userId));
    // Lesson Q&A goes as reviews do: their questions (with the replies under them), replies, upvotes and reports.
    await tx.delete(lessonThreads).where(eq(lessonThreads.userId, userId));
    await tx.delete(threadReplies).where(eq(threadReplies.userId, userId));
    await tx.delete(threadUpvotes).where(eq(threadUpvotes.userId, userId));
    await tx.delete(discussionReports).where(eq(discussionReports.userId, userId));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
    await tx.delete(signInAddresses).where(eq(signInAddresses.userId, userId));
    // Deleting the sessions announces them: every process refuses the tokens from now on.
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // The row stays only so kept payments point somewhere; nothing in it names the person, and no
    // password matches it ('!' is no scrypt hash).
    await tx
      .update(users)
      .set({
        email: `deleted-${userId}@deleted.invalid`,
        name: 'Deleted user',
        passwordHash: '!deleted',
        headline: null,
        bio: null,
        avatar: null,
        updatedAt: new Date(now),
      })
      .where(eq(users.id, userId));
    return removed.map((row) => row.id);
  });
  const work = async () => {
    for (const id of certificateIds) {
      for (const key of certificateKeys(id)) {
        await objectStore
          .delete(key)
          .catch((error: unknown) => log.error({ err: error, certificateId: id }, 'certificate PDF could not be deleted'));
      }
    }
  };
  return { message: accountMessages.accountDeleted, work };
}
