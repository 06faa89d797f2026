import { createHash, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#db/client';
import { creatorInvites, passwordResets, sessions, users } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import type { Locale } from '#shared/i18n/locales';
import type { AuthResponse, MessageResponse, User, UserRole } from '#shared/schemas/auth';
import type { Config } from '../../env';
import { AppError } from '../../errors';
import { clientAddressKey } from '../../lib/client-address';
import { isUniqueViolation } from '../../lib/db-errors';
import type { JobQueue } from '../../lib/jobs/job-kinds';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../lib/passwords';
import {
  assertUnderRateLimits,
  clearRateLimits,
  enforceRateLimits,
  peekRateLimit,
  type RateLimitCheck,
  refundRateLimit,
} from '../../lib/rate-limit';
import { recipientLocale, savedLocale } from '../../lib/recipient-locale';
import { sqlRows } from '../../lib/sql-rows';
import { generateToken, hashToken } from '../../lib/tokens';
import { passwordResetMail } from './auth.mail';
import type { DeviceCookies } from './device-cookie';
import { isKnownSince, lastSignInFrom, rememberSignInAddress } from './sign-in-addresses';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const SESSION_TTL_MS = 30 * 24 * HOUR_MS;
export const RESET_TOKEN_TTL_MS = HOUR_MS;
/** Older live sessions of a user are revoked when a new one would exceed this. */
export const MAX_LIVE_SESSIONS = 20;

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
  suspended: 'This account has been suspended by an administrator. Contact support if you think this is a mistake.',
} as const;

type AuthConfig = Pick<Config, 'creatorInviteCode' | 'publicUrl' | 'rateLimits'>;

/** The browser's device cookie (its Cookie header) and what reads and writes it, and its User-Agent. */
export type DeviceContext = { cookies: DeviceCookies; cookieHeader: string | undefined; userAgent?: string | undefined };

/** A sign-in's answer, and the device cookie its browser keeps for the next one. */
export type SignedIn = { auth: AuthResponse; deviceCookie: string };

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

function toUser(row: { id: string; email: string; name: string; role: UserRole; locale: string | null }): User {
  return { id: row.id, email: row.email, name: row.name, role: row.role, locale: savedLocale(row.locale) };
}

/** A new session; the user's oldest live sessions beyond MAX_LIVE_SESSIONS are revoked with it. */
async function createSession({
  db,
  userId,
  now,
  userAgent,
}: {
  db: DbOrTx;
  userId: string;
  now: number;
  userAgent: string | undefined;
}): Promise<string> {
  const token = generateToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now + SESSION_TTL_MS),
    // Kept short: it only names the device on the account page.
    userAgent: userAgent ? userAgent.slice(0, 300) : null,
  });
  const live = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .offset(MAX_LIVE_SESSIONS);
  if (live.length > 0) {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(now) })
      .where(
        inArray(
          sessions.id,
          live.map((row) => row.id),
        ),
      );
  }
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
    .where(
      and(eq(creatorInvites.codeHash, hashToken(inviteCode)), isNull(creatorInvites.usedAt), isNull(creatorInvites.revokedAt)),
    )
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
  now,
  email: rawEmail,
  password,
  name,
  role: requestedRole,
  inviteCode,
  locale = null,
  device,
}: {
  db: Db;
  config: AuthConfig;
  ip: string;
  now: number;
  email: string;
  password: string;
  name: string;
  role: string;
  inviteCode?: string | undefined;
  locale?: Locale | null | undefined;
  device: DeviceContext;
}): Promise<SignedIn> {
  const address = clientAddressKey(ip);
  await enforceRateLimits({
    db,
    now,
    checks: [{ key: `signup:ip:${address}`, limit: config.rateLimits.signupPerHour, windowMs: HOUR_MS }],
  });
  const email = normalizeEmail(rawEmail);
  const { role, inviteId } = await resolveRole({ db, config, email, role: requestedRole, inviteCode });

  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) throw new AppError(ErrorCode.CONFLICT, authMessages.emailTaken);
  const passwordHash = await hashPassword(password);

  let auth: AuthResponse;
  try {
    auth = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, name, role, passwordHash, locale })
        .returning({ id: users.id, email: users.email, name: users.name, role: users.role, locale: users.locale });
      if (!user) throw new Error('user insert returned no row');
      if (inviteId) {
        // Conditional update: of two sign-ups racing for one invite, only one commits.
        const claimed = await tx
          .update(creatorInvites)
          .set({ usedAt: new Date(now), usedBy: user.id })
          .where(and(eq(creatorInvites.id, inviteId), isNull(creatorInvites.usedAt), isNull(creatorInvites.revokedAt)))
          .returning({ id: creatorInvites.id });
        if (claimed.length === 0) throw new AppError(ErrorCode.FORBIDDEN, authMessages.inviteRequired);
      }
      const token = await createSession({ db: tx, userId: user.id, now, userAgent: device.userAgent });
      await rememberSignInAddress({ db: tx, userId: user.id, address, now, lastSignInAt: undefined });
      return { user: toUser(user), token };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.CONFLICT, authMessages.emailTaken);
    throw error;
  }
  return { auth, deviceCookie: device.cookies.afterSignIn(device.cookieHeader, auth.user.id, now) };
}

/** Failed-login counters of one email (all its addresses and devices): a successful password reset clears them. */
function failedLoginKeysOf(email: string) {
  return {
    perEmail: `login-fail:email:${email}`,
    perEmailAndIpPrefix: `login-fail:email-ip:${email}|`,
    perKnownAddressPrefix: `login-fail:email-known-ip:${email}|`,
    perDevicePrefix: `login-fail:email-device:${email}|`,
  };
}

/**
 * Failed logins count per (email, address) and per address (an IPv6 client's /64), so a stranger
 * guessing someone's password from elsewhere cannot lock them out; successful logins are limited
 * per address too. An hourly ceiling still stops an attack spread over many addresses: the
 * per-email one, which such an attack fills, unless the login comes from a browser (device cookie)
 * or an address that signed in to the account before. Those are judged by a ceiling of their own,
 * so the owner is never refused for strangers' guesses, and a device or known address used for
 * guessing locks only itself out (then it is judged as a stranger).
 */
async function loginChecks({
  db,
  config,
  email,
  address,
  userId,
  deviceId,
  now,
}: {
  db: Db;
  config: AuthConfig;
  email: string;
  address: string;
  userId: string | undefined;
  deviceId: string | undefined;
  now: number;
}) {
  const keys = failedLoginKeysOf(email);
  const { loginPerMinute, loginPerHourPerEmail, loginSuccessPerMinute } = config.rateLimits;
  const perMinute: RateLimitCheck[] = [
    { key: `${keys.perEmailAndIpPrefix}${address}`, limit: loginPerMinute, windowMs: MINUTE_MS },
    { key: `login-fail:ip:${address}`, limit: loginPerMinute, windowMs: MINUTE_MS },
  ];
  const success: RateLimitCheck = { key: `login-ok:ip:${address}`, limit: loginSuccessPerMinute, windowMs: MINUTE_MS };
  await assertUnderRateLimits({ db, now, checks: [...perMinute, success] });

  const ceiling = (key: string): RateLimitCheck => ({ key, limit: loginPerHourPerEmail, windowMs: HOUR_MS });
  const isOpen = async (check: RateLimitCheck) => (await peekRateLimit({ db, ...check, now })).allowed;
  // Looked up for unknown emails too, so the answer takes as long whether or not the account exists.
  const lastSignInAt = await lastSignInFrom({ db, userId, address });
  const device = deviceId ? ceiling(`${keys.perDevicePrefix}${deviceId}`) : undefined;
  const knownAddress = isKnownSince(lastSignInAt, now) ? ceiling(`${keys.perKnownAddressPrefix}${address}`) : undefined;
  let hourly = ceiling(keys.perEmail);
  for (const own of [device, knownAddress]) {
    if (own && (await isOpen(own))) {
      hourly = own;
      break;
    }
  }
  return { failures: [...perMinute, hourly], success, lastSignInAt };
}

export async function logIn({
  db,
  config,
  ip,
  now,
  email: rawEmail,
  password,
  device,
}: {
  db: Db;
  config: AuthConfig;
  ip: string;
  now: number;
  email: string;
  password: string;
  device: DeviceContext;
}): Promise<SignedIn> {
  const email = normalizeEmail(rawEmail);
  const address = clientAddressKey(ip);
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      locale: users.locale,
      passwordHash: users.passwordHash,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const deviceId = user ? device.cookies.deviceOf(device.cookieHeader, user.id, now) : undefined;
  // While a limit is reached even the right password gets 429, and nothing is counted.
  const { failures, success, lastSignInAt } = await loginChecks({
    db,
    config,
    email,
    address,
    userId: user?.id,
    deviceId,
    now,
  });
  // Every attempt is counted as a failure up front and refunded when it succeeds, so parallel
  // guesses cannot slip past the limit.
  await enforceRateLimits({ db, now, checks: failures });

  let isValid: boolean;
  try {
    isValid = user ? await verifyPassword(password, user.passwordHash) : await verifyDummyPassword(password);
  } catch (error) {
    // Refused for a crowd of sign-ins, not for a wrong password: the attempt counted up front is no failure.
    await Promise.all(failures.map((check) => refundRateLimit({ db, now, ...check })));
    throw error;
  }
  if (!user || !isValid) throw new AppError(ErrorCode.UNAUTHORIZED, authMessages.invalidCredentials);

  await Promise.all(failures.map((check) => refundRateLimit({ db, now, ...check })));
  // Said only to whoever knows the password: a stranger cannot learn that an account is suspended.
  if (user.suspendedAt) throw new AppError(ErrorCode.FORBIDDEN, authMessages.suspended);
  await enforceRateLimits({ db, now, checks: [success] });
  const token = await createSession({ db, userId: user.id, now, userAgent: device.userAgent });
  await rememberSignInAddress({ db, userId: user.id, address, now, lastSignInAt });
  return {
    auth: { user: toUser(user), token },
    deviceCookie: device.cookies.afterSignIn(device.cookieHeader, user.id, now),
  };
}

/**
 * Revokes the live sessions of many tokens in one statement (logouts arriving together are batched)
 * and tells each whether it logged out. Each logout is judged at its own clock reading, in the same
 * statement. A token sent twice logs out once: its second logout finds no live session, as it
 * would have a moment later.
 */
export async function logOutMany({
  db,
  requests,
}: {
  db: Db;
  requests: { tokenHash: string; now: number }[];
}): Promise<boolean[]> {
  const tokenHashes = requests.map((request) => request.tokenHash);
  const nows = requests.map((request) => new Date(request.now).toISOString());
  const rows = await sqlRows<{ tokenHash: string }>(
    db,
    sql`
    update ${sessions} set revoked_at = logout.now
    from unnest(${sql.param(tokenHashes)}::text[], ${sql.param(nows)}::timestamptz[]) as logout(token_hash, now)
    where ${sessions.tokenHash} = logout.token_hash and ${sessions.revokedAt} is null and ${sessions.expiresAt} > logout.now
    returning ${sessions.tokenHash} as "tokenHash"
  `,
  );
  const revoked = new Set(rows.map((row) => row.tokenHash));
  return requests.map((request) => revoked.delete(request.tokenHash));
}

export function loggedOut(isRevoked: boolean): MessageResponse {
  if (!isRevoked) throw new AppError(ErrorCode.UNAUTHORIZED, 'Authentication required');
  return { message: authMessages.loggedOut };
}

function resetChecks(config: AuthConfig, kind: 'forgot' | 'reset', email: string | null, ip: string): RateLimitCheck[] {
  return [
    ...(email ? [{ key: `${kind}:email:${email}`, limit: config.rateLimits.resetPerHourPerEmail, windowMs: HOUR_MS }] : []),
    { key: `${kind}:ip:${clientAddressKey(ip)}`, limit: config.rateLimits.resetPerHourPerIp, windowMs: HOUR_MS },
  ];
}

/**
 * Always the same answer, whether or not the account exists, and in the same time: only the rate
 * limits are checked and a job is queued for the address, whoever owns it; finding the account,
 * making the token and mailing the link are the job's (sendPasswordResetMail, ADR 0037), so no
 * token ever sits in the jobs table.
 */
export async function requestPasswordReset({
  db,
  config,
  jobs,
  ip,
  now,
  email: rawEmail,
}: {
  db: Db;
  config: AuthConfig;
  jobs: JobQueue;
  ip: string;
  now: number;
  email: string;
}): Promise<MessageResponse> {
  const email = normalizeEmail(rawEmail);
  await enforceRateLimits({ db, now, checks: resetChecks(config, 'forgot', email, ip) });
  await jobs.enqueue(db, 'mail.password-reset', { email });
  return { message: authMessages.resetRequested };
}

/**
 * The job of requestPasswordReset: a new single-use link for the account of `email`, if there is one,
 * replacing any unused one, mailed at once. Tried again, it makes another link, and only the newest works.
 */
export async function sendPasswordResetMail({
  db,
  mailer,
  publicUrl,
  now,
  email,
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: number;
  email: string;
}): Promise<void> {
  const [user] = await db
    .select({ id: users.id, name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user) return;
  const token = generateToken();
  await db.transaction(async (tx) => {
    // Only the newest link works.
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now + RESET_TOKEN_TTL_MS),
    });
  });
  const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await mailer.send(passwordResetMail({ to: email, name: user.name, link, locale: recipientLocale(user.locale) }));
}

export async function resetPassword({
  db,
  config,
  ip,
  now,
  token,
  newPassword,
}: {
  db: Db;
  config: AuthConfig;
  ip: string;
  now: number;
  token: string;
  newPassword: string;
}): Promise<MessageResponse> {
  const tokenHash = hashToken(token);
  const [reset] = await db
    .select({
      id: passwordResets.id,
      userId: passwordResets.userId,
      email: users.email,
      expiresAt: passwordResets.expiresAt,
      usedAt: passwordResets.usedAt,
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, tokenHash))
    .limit(1);
  // Keyed on the account the token belongs to (and the IP), so guessing tokens is limited per IP and
  // a leaked link cannot be tried without end; an unknown token counts against the IP only.
  await enforceRateLimits({ db, now, checks: resetChecks(config, 'reset', reset?.email ?? null, ip) });
  if (!reset || reset.usedAt !== null || reset.expiresAt.getTime() <= now) {
    throw new AppError(ErrorCode.BAD_REQUEST, authMessages.resetInvalid);
  }

  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const at = new Date(now);
    // Conditional update: a token used twice at the same moment resets the password once.
    const claimed = await tx
      .update(passwordResets)
      .set({ usedAt: at })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (claimed.length === 0) throw new AppError(ErrorCode.BAD_REQUEST, authMessages.resetInvalid);
    await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, reset.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, reset.userId), isNull(sessions.revokedAt)));
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    // The owner has proved who they are: failed guesses by others no longer hold their account.
    const { perEmail, ...prefixes } = failedLoginKeysOf(reset.email);
    await clearRateLimits({ db: tx, keys: [perEmail], prefixes: Object.values(prefixes) });
  });
  return { message: authMessages.resetDone };
}
