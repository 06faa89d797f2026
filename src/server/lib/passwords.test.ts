import { describe, expect, it } from 'vitest';
import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('stores scrypt$N$r$p$salt$hash with a random 16-byte salt and a 64-byte key', async () => {
    const stored = await hashPassword('correct-horse');
    const [scheme, N, r, p, salt, hash, ...rest] = stored.split('$');
    expect({ scheme, N, r, p, rest }).toEqual({ scheme: 'scrypt', N: '16384', r: '8', p: '1', rest: [] });
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(hash ?? '', 'base64')).toHaveLength(64);
    expect(stored).not.toContain('correct-horse');
    expect(await hashPassword('correct-horse')).not.toBe(stored);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('correct-horse');
    expect(await verifyPassword('correct-horse', stored)).toBe(true);
    expect(await verifyPassword('correct-horsE', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('treats malformed or tampered hashes as a mismatch instead of throwing', async () => {
    const stored = await hashPassword('pw-123456');
    const parts = stored.split('$');
    for (const bad of [
      '',
      'plain-text',
      stored.replace('scrypt', 'bcrypt'),
      [...parts.slice(0, 5), ''].join('$'),
      [parts[0], '1099511627776', ...parts.slice(2)].join('$'),
      [parts[0], 'abc', ...parts.slice(2)].join('$'),
      `${stored}$extra`,
    ]) {
      expect(await verifyPassword('pw-123456', bad)).toBe(false);
    }
  });

  it('the dummy verification does the same work and always fails', async () => {
    const stored = await hashPassword('pw-123456');
    // Interleaved, so load from other test files affects both sides alike.
    let real = 0;
    let dummy = 0;
    for (let i = 0; i < 5; i++) {
      let start = performance.now();
      await verifyPassword('pw-123456', stored);
      real += performance.now() - start;
      start = performance.now();
      await verifyDummyPassword('pw-123456');
      dummy += performance.now() - start;
    }
    expect(await verifyDummyPassword('pw-123456')).toBe(false);
    // Same scrypt cost: within a factor of 3 either way, far from the ~0 ms of skipping it.
    expect(dummy).toBeGreaterThan(real / 3);
    expect(dummy).toBeLessThan(real * 3);
  });
});
