import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '#shared/errors';
import type { User, UserRole } from '#shared/schemas/auth';
import { AppError } from '../errors';
import { after, type MaybePromise, type SessionEntry } from '../lib/read-cache/read-cache';
import { createSessionActivity, type SessionActivity } from '../lib/session-activity';
import { hashToken } from '../lib/tokens';

export type CurrentUser = Readonly<User & { sessionId: string }>;

declare module 'fastify' {
  interface FastifyInstance {
    /** When each session was last used, for the account page's session list. */
    sessionActivity: SessionActivity;
  }
  interface FastifyRequest {
    /** Resolved lazily from the bearer token, from memory when the session is held; null for guests and bad tokens. */
    getCurrentUser(): MaybePromise<CurrentUser | null>;
  }
}

/** The bearer token of the request, or null; absurdly long ones are not tokens of ours. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export const currentUserPlugin = fp(
  async (app) => {
    // A request that asks twice while its session loads waits for the one lookup.
    const loading = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();
    const activity = createSessionActivity({
      db: app.db,
      clock: app.clock,
      onError: (error) => app.log.warn({ err: error }, 'session activity could not be recorded'),
    });
    app.decorate('sessionActivity', activity);
    app.addHook('onClose', async () => activity.close());
    const noteUse = (user: CurrentUser | null) => {
      if (user) activity.touch(user.sessionId);
      return user;
    };
    app.decorateRequest('getCurrentUser', function (this: FastifyRequest) {
      const pending = loading.get(this);
      if (pending) return pending;
      const tokenHash = ourTokenHash(this);
      if (tokenHash === null) return null;
      const user = after(after(app.reads.session(tokenHash), toCurrentUser), noteUse);
      if (user instanceof Promise) loading.set(this, user);
      return user;
    });
  },
  { name: 'current-user', dependencies: ['read-cache'] },
);

function ourTokenHash(request: FastifyRequest): string | null {
  const token = bearerToken(request);
  return !token || token.length > 200 ? null : hashToken(token);
}

function toCurrentUser(session: SessionEntry | null): CurrentUser | null {
  return session ? session.user : null;
}

const authenticationRequired = () => new AppError(ErrorCode.UNAUTHORIZED, 'Authentication required');

export async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await request.getCurrentUser();
  if (!user) throw authenticationRequired();
  return user;
}

export async function requireRole(request: FastifyRequest, role: UserRole): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (user.role !== role) throw new AppError(ErrorCode.FORBIDDEN, `This action is for ${role}s only`);
  return user;
}
