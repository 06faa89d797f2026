import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '#shared/errors';
import type { User, UserRole } from '#shared/schemas/auth';
import { AppError } from '../errors';
import { hashToken } from '../lib/tokens';

export type CurrentUser = User & { sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved lazily from the bearer token; null for guests and bad tokens. */
    getCurrentUser(): Promise<CurrentUser | null>;
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

    async function lookupUser(request: FastifyRequest): Promise<CurrentUser | null> {
      const token = bearerToken(request);
      if (!token || token.length > 200) return null;
      const session = await app.reads.session(hashToken(token));
      return session ? { ...session.user, sessionId: session.sessionId } : null;
    }
  },
  { name: 'current-user', dependencies: ['read-cache'] },
);

export async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await request.getCurrentUser();
  if (!user) throw new AppError(ErrorCode.UNAUTHORIZED, 'Authentication required');
  return user;
}

export async function requireRole(request: FastifyRequest, role: UserRole): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (user.role !== role) throw new AppError(ErrorCode.FORBIDDEN, `This action is for ${role}s only`);
  return user;
}
