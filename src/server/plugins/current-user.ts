import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '#shared/errors';
import type { User, UserRole } from '#shared/schemas/auth';
import { AppError } from '../errors';
import type { SessionEntry } from '../lib/read-cache/read-cache';
import { hashToken } from '../lib/tokens';
import { COLD, type Cold } from '../lib/warm';

export type CurrentUser = Readonly<User & { sessionId: string }>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved lazily from the bearer token; null for guests and bad tokens. */
    getCurrentUser(): Promise<CurrentUser | null>;
    /** The same answer from memory alone, or undefined when it would take a query. */
    peekCurrentUser(): CurrentUser | null | undefined;
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
    const cache = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();
    app.decorateRequest('getCurrentUser', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = lookupUser(this);
        cache.set(this, pending);
      }
      return pending;
    });

    app.decorateRequest('peekCurrentUser', function (this: FastifyRequest) {
      const tokenHash = ourTokenHash(this);
      if (tokenHash === null) return null;
      const session = app.reads.peek.session(tokenHash);
      return session === undefined ? undefined : toCurrentUser(session);
    });

    async function lookupUser(request: FastifyRequest): Promise<CurrentUser | null> {
      const tokenHash = ourTokenHash(request);
      return tokenHash === null ? null : toCurrentUser(await app.reads.session(tokenHash));
    }
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

/** requireUser from memory alone: COLD when knowing the caller would take a query. */
export function peekRequiredUser(request: FastifyRequest): CurrentUser | Cold {
  const user = request.peekCurrentUser();
  if (user === undefined) return COLD;
  if (!user) throw authenticationRequired();
  return user;
}

export async function requireRole(request: FastifyRequest, role: UserRole): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (user.role !== role) throw new AppError(ErrorCode.FORBIDDEN, `This action is for ${role}s only`);
  return user;
}
