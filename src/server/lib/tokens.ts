import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a database leak reveals no usable token. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
