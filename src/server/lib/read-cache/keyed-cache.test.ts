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

/** A cache that is on, as the read cache's are while their change feed is connected. */
function enabledCache<K, V>(maxEntries = 10) {
  const cache = new KeyedCache<K, V>(maxEntries);
  cache.enabled = true;
  return cache;
}

/** What the cache holds for `key`, without loading (a held value comes back synchronously). */
function held<K, V>(cache: KeyedCache<K, V>, key: K): V | undefined {
  const value = cache.get(key, () => new Promise<V>(() => {}));
  if (value instanceof Promise) {
    cache.drop(key);
    return undefined;
  }
  return value;
}

describe('KeyedCache', () => {
  it('keeps a loaded value, answers it synchronously and shares one load between concurrent gets', async () => {
    const cache = enabledCache<string, number>();
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(cache.get('k', load)).toBe(1);
  });

  it('hands out but never keeps a value whose key was dropped or cleared while it loaded', async () => {
    const cache = enabledCache<string, string>();
    const stale = deferred<string>();
    const pending = cache.get('k', () => stale.promise);
    cache.drop('k');
    // A get after the drop loads afresh, and that value is kept.
    const fresh = await cache.get('k', async () => 'fresh');
    stale.resolve('stale');
    expect(await pending).toBe('stale');
    expect(fresh).toBe('fresh');
    expect(held(cache, 'k')).toBe('fresh');

    const cleared = deferred<string>();
    const during = cache.get('other', () => cleared.promise);
    cache.clear();
    cleared.resolve('old');
    expect(await during).toBe('old');
    expect(held(cache, 'other')).toBeUndefined();
  });

  it('while off, loads every get afresh and never answers a later get with an earlier load', async () => {
    const cache = new KeyedCache<string, string>(10);
    expect(await cache.get('token', async () => 'valid')).toBe('valid');
    // The session was revoked meanwhile: the next get must read again, not reuse the first answer.
    expect(await cache.get('token', async () => 'revoked')).toBe('revoked');
    expect(cache.heldKeys).toBe(0);
  });

  it('empties itself whenever it is switched off or on, and keeps no load that spanned a switch', async () => {
    const cache = enabledCache<string, string>();
    await cache.get('kept', async () => 'before the outage');
    cache.enabled = false;
    expect(cache.heldKeys).toBe(0);

    // Started while the feed was down, finished after it came back: it may have missed a change.
    const spanning = deferred<string>();
    const pending = cache.get('k', () => spanning.promise);
    cache.enabled = true;
    spanning.resolve('read during the outage');
    expect(await pending).toBe('read during the outage');
    expect(held(cache, 'k')).toBeUndefined();

    // And a value kept while on is gone after switching on again (a reconnect after a blink).
    await cache.get('k', async () => 'after');
    cache.enabled = true;
    expect(held(cache, 'k')).toBeUndefined();
  });

  it('forgets every load in flight on dropWhere, since their values cannot be judged yet', async () => {
    const cache = enabledCache<string, { userId: string }>();
    await cache.get('a', async () => ({ userId: 'u1' }));
    await cache.get('b', async () => ({ userId: 'u2' }));
    const slow = deferred<{ userId: string }>();
    const pending = cache.get('c', () => slow.promise);
    cache.dropWhere((value) => value.userId === 'u1');
    slow.resolve({ userId: 'u1' });
    await pending;
    expect(held(cache, 'a')).toBeUndefined();
    expect(held(cache, 'b')).toEqual({ userId: 'u2' });
    expect(held(cache, 'c')).toBeUndefined();
  });

  it('holds nothing for keys that are dropped without being cached', () => {
    const cache = enabledCache<string, string>();
    for (let i = 0; i < 100_000; i++) cache.drop(`token-${i}`);
    expect(cache.heldKeys).toBe(0);
  });

  it('keeps at most its capacity, dropping the oldest', async () => {
    const cache = enabledCache<number, number>(3);
    for (let i = 0; i < 5; i++) await cache.get(i, async () => i);
    expect(cache.heldKeys).toBe(3);
    expect([0, 1, 2, 3, 4].map((i) => held(cache, i))).toEqual([undefined, undefined, 2, 3, 4]);
  });

  it('updates a held value in place, drops it when told, and keeps no load that began before the update', async () => {
    const cache = enabledCache<string, string>();
    await cache.get('k', async () => 'one');
    cache.update('k', (value) => `${value}+touched`);
    expect(held(cache, 'k')).toBe('one+touched');
    cache.update('k', () => undefined);
    expect(held(cache, 'k')).toBeUndefined();

    const slow = deferred<string>();
    const pending = cache.get('k', () => slow.promise);
    cache.update('k', (value) => `${value}+touched`);
    slow.resolve('read before the update');
    expect(await pending).toBe('read before the update');
    expect(held(cache, 'k')).toBeUndefined();
  });
});
