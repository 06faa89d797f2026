import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header is `Bearer <secret>`. Both sides are hashed before they are
 * compared in constant time, so neither the secret's length nor how much of it a guess got right
 * shows in the time taken.
 */
export function isBearerOf(header: string | undefined, secret: string): boolean {
  if (header === undefined || header.length > 1024) return false;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(secret)) && match !== null;
}
