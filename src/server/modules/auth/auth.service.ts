import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '#db/client';
import { creatorInvites, passwordResets, sessions, users } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import type { AuthResponse, MessageResponse, User, UserRole } from '#shared/schemas/auth';
import type { Config } from '../../env';
import { AppError } from '../../errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../lib/passwords';
import { enforceRateLimits, refundRateLimit } from '../../lib/rate-limit';
import { generateToken, hashToken } from '../../lib/tokens';
import { creatorInviteMail, passwordResetMail } from './auth.mail';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const SESSION_TTL_MS = 30 * 24 * HOUR_MS;
export const RESET_TOKEN_TTL_MS = HOUR_MS;

export const authMessages = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  inviteRequired: 'A valid invitation code is required to create a creator account',
  inviteOtherEmail: 'This invitation code was issued for a different email address',
  unknownRole: 'Accounts can be created as student, or as creator with a valid invitation code',
  resetRequested: 'If the email exists, a password reset link has been sent.',
  resetDone: 'Password reset successful',
  resetInvalid: 'Invalid or expired reset token',
  loggedOut: 'Logged out',
} as const;

type AuthConfig = Pick<Config, 'creatorInviteCode' | 'publicUrl' | 'rateLimits'>;
type Log = { error: (details: Record<string, unknown>, message: string) => void };

/** Emails are stored lowercase, so uniqueness and login ignore case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Compares digests, so neither the content nor the length of the secret leaks through timing. */
function secretsEqual(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function toUser(row: { id: string; email: string; name: string; role: UserRole }): User {
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

async function createSession({ db, userId }: { db: Db | Tx; userId: string }): Promise<string> {
  const token = generateToken();
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  return token;
}

/** Which role the sign-up gets, and which single-use invite (if any) it consumes. */
async function resolveRole({
  db,
  config,
  email,
  role,
  inviteCode,
}: {
  db: Db;
  config: AuthConfig;
  email: string;
  role: string;
  inviteCode: string | undefined;
}): Promise<{ role: UserRole; inviteId: string | null }> {
  if (role === 'student') return { role: 'student', inviteId: null };
  if (role !== 'creator') throw new AppError(ErrorCode.FORBIDDEN, authMessages.unknownRole);
  if (!inviteCode) throw new AppError(ErrorCode.FORBIDDEN, authMessages.inviteRequired);
  if (config.creatorInviteCode && secretsEqual(inviteCode, config.creatorInviteCode)) {
    return { role: 'creator', inviteId: null };
  }
  const [invite] = await db
    .select({ id: creatorInvites.id, email: creatorInvites.email })
    .from(creatorInvites)
    .where(and(eq(creatorInvites.codeHash, hashToken(inviteCode)), isNull(creatorInvites.usedAt)))
    .limit(1);
  if (!invite) throw new AppError(ErrorCode.FORBIDDEN, authMessages.inviteRequired);
  if (invite.email && normalizeEmail(invite.email) !== email) {
    throw new AppError(ErrorCode.FORBIDDEN, authMessages.inviteOtherEmail);
  }
  return { role: 'creator', inviteId: invite.id };
}

export async function signUp({
  db,
  config,
  ip,
  email: rawEmail,
  password,
  name,
  role: requestedRole,
  inviteCode,
}: {
  db: Db;
  config: AuthConfig;
  ip: string;
  email: string;
  password: string;
  name: string;
  role: string;
  inviteCode?: string | undefined;
}): Promise<AuthResponse> {
  await enforceRateLimits({
    db,
    checks: [{ key: `signup:ip:${ip}`, limit: config.rateLimits.signupPerHour, windowMs: HOUR_MS }],
  });
  const email = normalizeEmail(rawEmail);
  const { role, inviteId } = await resolveRole({ db, config, email, role: requestedRole, inviteCode });

  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) throw new AppError(ErrorCode.CONFLICT, authMessages.emailTaken);
  const passwordHash = await hashPassword(password);

  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, name, role, passwordHash })
        .returning({ id: users.id, email: users.email, name: users.name, role: users.role });
      if (!user) throw new Error('user insert returned no row');
      if (inviteId) {
        // Conditional update: of two sign-ups racing for one invite, only one commits.
        const claimed = await tx
          .update(creatorInvites)
          .set({ usedAt: new Date(), usedBy: user.id })
          .where(and(eq(creatorInvites.id, inviteId), isNull(creatorInvites.usedAt)))
          .returning({ id: creatorInvites.id });
        if (claimed.length === 0) throw new AppError(ErrorCode.FORBIDDEN, authMessages.inviteRequired);
      }
      const token = await createSession({ db: tx, userId: user.id });
      return { user: toUser(user), token };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.CONFLICT, authMessages.emailTaken);
    throw error;
  }
}

export async function logIn({
  db,
  config,
  ip,
  email: rawEmail,
  password,
}: {
  db: Db;
  config: AuthConfig;
  ip: string;
  email: string;
  password: string;
}): Promise<AuthResponse> {
  const email = normalizeEmail(rawEmail);
  const limit = config.rateLimits.loginPerMinute;
  const keys = [`login:ip:${ip}`, `login:email:${email}`];
  // Every attempt is counted up front and successes are refunded, so only failures add up and
  // parallel guesses cannot slip past the limit. While blocked even the right password gets 429.
  await enforceRateLimits({ db, checks: keys.map((key) => ({ key, limit, windowMs: MINUTE_MS })) });

  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const isValid = user ? await verifyPassword(password, user.passwordHash) : await verifyDummyPassword(password);
  if (!user || !isValid) throw new AppError(ErrorCode.UNAUTHORIZED, authMessages.invalidCredentials);

  await Promise.all(keys.map((key) => refundRateLimit({ db, key, windowMs: MINUTE_MS })));
  const token = await createSession({ db, userId: user.id });
  return { user: toUser(user), token };
}

export async function logOut({ db, sessionId }: { db: Db; sessionId: string }): Promise<MessageResponse> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  return { message: authMessages.loggedOut };
}

/**
 * Always the same answer, whether or not the account exists. The mail goes out in the background
 * (`delivery`), so a slow mail server does not reveal through timing that the account exists.
 */
export async function requestPasswordReset({
  db,
  config,
  mailer,
  log,
  ip,
  email: rawEmail,
}: {
  db: Db;
  config: AuthConfig;
  mailer: Mailer;
  log: Log;
  ip: string;
  email: string;
}): Promise<MessageResponse & { delivery: Promise<void> | null }> {
  const email = normalizeEmail(rawEmail);
  await enforceRateLimits({
    db,
    checks: [
      { key: `forgot:email:${email}`, limit: config.rateLimits.resetPerHourPerEmail, windowMs: HOUR_MS },
      { key: `forgot:ip:${ip}`, limit: config.rateLimits.resetPerHourPerIp, windowMs: HOUR_MS },
    ],
  });
  const [user] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return { message: authMessages.resetRequested, delivery: null };

  const token = generateToken();
  await db.transaction(async (tx) => {
    // Only the newest link works.
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
  });
  const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const delivery = mailer
    .send(passwordResetMail({ to: email, name: user.name, link }))
    .catch((error: unknown) => log.error({ err: error, userId: user.id }, 'password reset mail could not be sent'));
  return { message: authMessages.resetRequested, delivery };
}

export async function resetPassword({
  db,
  config,
  ip,
  token,
  newPassword,
}: {
  db: Db;
  config: AuthConfig;
  ip: string;
  token: string;
  newPassword: string;
}): Promise<MessageResponse> {
  const tokenHash = hashToken(token);
  await enforceRateLimits({
    db,
    checks: [
      { key: `reset:token:${tokenHash}`, limit: config.rateLimits.resetPerHourPerEmail, windowMs: HOUR_MS },
      { key: `reset:ip:${ip}`, limit: config.rateLimits.resetPerHourPerIp, windowMs: HOUR_MS },
    ],
  });
  const [reset] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
    .limit(1);
  if (!reset) throw new AppError(ErrorCode.BAD_REQUEST, authMessages.resetInvalid);

  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const now = new Date();
    // Conditional update: a token used twice at the same moment resets the password once.
    const claimed = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (claimed.length === 0) throw new AppError(ErrorCode.BAD_REQUEST, authMessages.resetInvalid);
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, reset.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, reset.userId), isNull(sessions.revokedAt)));
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
  });
  return { message: authMessages.resetDone };
}

export function creatorInviteLink(publicUrl: string, code: string): string {
  return `${publicUrl}/creator?tab=signup&invite=${encodeURIComponent(code)}`;
}

/** A single-use invitation for one email; only the code's hash is stored. */
export async function createCreatorInvite({
  db,
  publicUrl,
  email: rawEmail,
}: {
  db: Db;
  publicUrl: string;
  email: string;
}): Promise<{ code: string; link: string; mail: ReturnType<typeof creatorInviteMail> }> {
  const email = normalizeEmail(rawEmail);
  const code = generateToken();
  await db.insert(creatorInvites).values({ email, codeHash: hashToken(code) });
  const link = creatorInviteLink(publicUrl, code);
  return { code, link, mail: creatorInviteMail({ to: email, link, code }) };
}
