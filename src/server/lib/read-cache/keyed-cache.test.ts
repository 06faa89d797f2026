import { describe, expect, it } from 'vitest';
import { KeyedCache } from './keyed-cache';

/** A load the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('KeyedCache', () => {
  it('keeps a loaded value and shares one load between concurrent gets', async () => {
    const cache = new KeyedCache<string, number>(10);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(cache.peek('k')).toBe(1);
  });

  it('hands out but never keeps a value whose key was dropped or cleared while it loaded', async () => {
    const cache = new KeyedCache<string, string>(10);
    const stale = deferred<string>();
    const pending = cache.get('k', () => stale.promise);
    cache.drop('k');
    // A get after the drop loads afresh, and that value is kept.
    const fresh = await cache.get('k', async () => 'fresh');
    stale.resolve('stale');
    expect(await pending).toBe('stale');
    expect(fresh).toBe('fresh');
    expect(cache.peek('k')).toBe('fresh');

    const cleared = deferred<string>();
    const during = cache.get('other', () => cleared.promise);
    cache.clear();
    cleared.resolve('old');
    expect(await during).toBe('old');
    expect(cache.peek('other')).toBeUndefined();
  });

  it('holds nothing for keys that are dropped without being cached', () => {
    const cache = new KeyedCache<string, string>(10);
    for (let i = 0; i < 100_000; i++) cache.drop(`token-${i}`);
    expect(cache.heldKeys).toBe(0);
  });

  it('keeps at most its capacity, dropping the oldest', async () => {
    const cache = new KeyedCache<number, number>(3);
    for (let i = 0; i < 5; i++) await cache.get(i, async () => i);
    expect(cache.heldKeys).toBe(3);
    expect([0, 1, 2, 3, 4].map((i) => cache.peek(i))).toEqual([undefined, undefined, 2, 3, 4]);
  });

  it('updates a held value in place, drops it when told, and keeps no load that began before the update', async () => {
    const cache = new KeyedCache<string, string>(10);
    await cache.get('k', async () => 'one');
    cache.update('k', (value) => `${value}+touched`);
    expect(cache.peek('k')).toBe('one+touched');
    cache.update('k', () => undefined);
    expect(cache.peek('k')).toBeUndefined();

    const slow = deferred<string>();
    const pending = cache.get('k', () => slow.promise);
    cache.update('k', (value) => `${value}+touched`);
    slow.resolve('read before the update');
    expect(await pending).toBe('read before the update');
    expect(cache.peek('k')).toBeUndefined();
  });
});
