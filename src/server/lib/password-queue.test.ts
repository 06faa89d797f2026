import { describe, expect, it } from 'vitest';
import { createPasswordQueue, PASSWORD_QUEUE_BUSY } from './password-queue';

/** Work that ends when the test says so. */
function heldWork() {
  let finish = () => {};
  const done = new Promise<string>((resolve) => {
    finish = () => resolve('derived');
  });
  return { work: () => done, finish };
}

describe('password queue', () => {
  it('runs at most atOnce derivations, queues up to maxWaiting and refuses one more at once with a 429', async () => {
    const queue = createPasswordQueue({ atOnce: 2, maxWaiting: 2, maxWaitMs: 60_000 });
    const held = [heldWork(), heldWork(), heldWork(), heldWork()];
    let started = 0;
    const results = held.map((entry) =>
      queue(() => {
        started++;
        return entry.work();
      }),
    );
    await Promise.resolve();
    expect(started).toBe(2);
    await expect(queue(async () => 'never')).rejects.toMatchObject({ statusCode: 429, message: PASSWORD_QUEUE_BUSY });
    for (const entry of held) entry.finish();
    expect(await Promise.all(results)).toEqual(['derived', 'derived', 'derived', 'derived']);
    expect(started).toBe(4);
  });

  it('drops a derivation whose turn comes after maxWaitMs, and keeps serving the ones after it', async () => {
    let clock = 0;
    const queue = createPasswordQueue({ atOnce: 1, maxWaiting: 10, maxWaitMs: 5_000 }, () => clock);
    const first = heldWork();
    const running = queue(first.work);
    const stale = queue(async () => 'too late');
    clock = 6_000;
    const fresh = queue(async () => 'in time');
    first.finish();
    expect(await running).toBe('derived');
    await expect(stale).rejects.toMatchObject({ statusCode: 429, headers: { 'retry-after': '5' } });
    expect(await fresh).toBe('in time');
  });

  it('frees its place when a derivation fails', async () => {
    const queue = createPasswordQueue({ atOnce: 1, maxWaiting: 0, maxWaitMs: 5_000 });
    await expect(queue(async () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    expect(await queue(async () => 'next')).toBe('next');
  });
});
