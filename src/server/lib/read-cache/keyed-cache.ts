/**
 * A read answered from memory is there now; one that needs the database comes later. Cached reads answer
 * with either (docs/performance.md, Warm reads), and callers `await` them: awaiting a value that is
 * there costs no turn of the event loop.
 */
export type MaybePromise<T> = T | Promise<T>;

/** `then` that stays synchronous while the value is there, so a chain of warm reads stays warm. */
export function after<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/**
 * A bounded map of loaded values that never keeps a stale one. A value is kept only when nothing
 * that could make it stale happened while it loaded: a drop or update of its key, a dropWhere, a
 * clear, or the cache being switched off or on. Concurrent gets of one key share one load. Dropping
 * a key holds nothing: bursts of changes to uncached keys (a thousand logouts) cost no memory.
 */
export class KeyedCache<K, V> {
  readonly #values = new Map<K, V>();
  /** The one load of a key in flight; what is forgotten here is handed to its callers but never kept. */
  readonly #loading = new Map<K, Promise<V>>();
  #isEnabled = false;
  /** Gets answered from memory, and gets that had to load or wait for a load: the metrics' (docs/performance.md, Metrics). */
  hits = 0;
  misses = 0;

  constructor(readonly maxEntries: number) {}

  /**
   * Off while changes may go unannounced: every get loads and nothing is kept. Switching either way
   * empties the cache, since nobody can tell what was missed (ADR 0021).
   */
  set enabled(value: boolean) {
    this.#isEnabled = value;
    this.clear();
  }

  get size(): number {
    return this.#values.size;
  }

  /** Keys it holds anything for: a value or a load in flight (never both). */
  get heldKeys(): number {
    return this.#values.size + this.#loading.size;
  }

  /** The held value, synchronously; otherwise the one load of the key. */
  get(key: K, load: () => Promise<V>): MaybePromise<V> {
    const value = this.#values.get(key);
    if (value !== undefined) {
      this.hits++;
      return value;
    }
    this.misses++;
    const pending = this.#loading.get(key);
    if (pending) return pending;
    const loading: Promise<V> = load().then(
      (loaded) => {
        if (this.#loading.get(key) === loading) {
          this.#loading.delete(key);
          if (this.#isEnabled) this.#keep(key, loaded);
        }
        return loaded;
      },
      (error: unknown) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        throw error;
      },
    );
    this.#loading.set(key, loading);
    return loading;
  }

  #keep(key: K, value: V) {
    if (this.#values.size >= this.maxEntries) {
      // Oldest first: Maps iterate in insertion order.
      const oldest = this.#values.keys().next();
      if (!oldest.done) this.#values.delete(oldest.value);
    }
    this.#values.set(key, value);
  }

  /**
   * Replaces a held value by `change(value)`, or drops it when `change` answers undefined. A load in
   * flight is forgotten either way: it may have read the data before the change.
   */
  update(key: K, change: (value: V) => V | undefined) {
    this.#loading.delete(key);
    const value = this.#values.get(key);
    if (value === undefined) return;
    const changed = change(value);
    if (changed === undefined) this.#values.delete(key);
    else this.#values.set(key, changed);
  }

  drop(key: K) {
    this.#values.delete(key);
    this.#loading.delete(key);
  }

  /** Drops the held values that match, and forgets every load in flight: what they will hold cannot be judged yet. */
  dropWhere(predicate: (value: V, key: K) => boolean) {
    for (const [key, value] of this.#values) if (predicate(value, key)) this.#values.delete(key);
    this.#loading.clear();
  }

  clear() {
    this.#values.clear();
    this.#loading.clear();
  }
}
