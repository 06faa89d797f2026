import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { createPasswordQueue, DEFAULT_PASSWORD_QUEUE_LIMITS } from './password-queue';

const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
// Refuses stored parameters that would make one verification hog memory or CPU.
const MAX_N = 1 << 20;

const passwordQueue = createPasswordQueue(DEFAULT_PASSWORD_QUEUE_LIMITS);

/** Every derivation goes through the one queue: under a crowd, a 429 beats an answer that comes too late. */
function derive(password: string, salt: Buffer, keyLength: number, params: { N: number; r: number; p: number }) {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return passwordQueue(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

/** `scrypt$N$r$p$salt$hash`, salt and hash base64; the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map((value) => Number(value));
  if (!N || !r || !p || !Number.isInteger(N) || !Number.isInteger(r) || !Number.isInteger(p) || N > MAX_N || r > 32 || p > 16) {
    return false;
  }
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length === 0 || expected.length < 16) return false;
  const actual = await derive(password, salt, expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}

const dummySalt = randomBytes(SALT_BYTES);

/**
 * Spends the same scrypt work as a real verification and always fails: used when no account has
 * the email, so the response time does not tell which emails are registered.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  await derive(password, dummySalt, KEY_LENGTH, PARAMS);
  return false;
}
