/**
 * A bounded map of loaded values that never keeps a stale one: a value loaded while its key was
 * dropped (or the cache cleared) is handed to its caller but not kept. Concurrent gets of one key
 * share one load. Dropping a key holds nothing: bursts of changes to uncached keys (a thousand
 * logouts) cost no memory.
 */
export class KeyedCache<K, V> {
  readonly #values = new Map<K, V>();
  /** The one load of a key whose result may be kept; drop and clear forget it, so it is not. */
  readonly #loading = new Map<K, Promise<V>>();
  #isEnabled = true;

  constructor(readonly maxEntries: number) {}

  /** Off while changes may go unannounced: every get loads, nothing is kept. */
  set enabled(value: boolean) {
    this.#isEnabled = value;
    if (!value) this.clear();
  }

  get size(): number {
    return this.#values.size;
  }

  /** Keys it holds anything for: a value or a load in flight (never both). */
  get heldKeys(): number {
    return this.#values.size + this.#loading.size;
  }

  peek(key: K): V | undefined {
    return this.#values.get(key);
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    const value = this.#values.get(key);
    if (value !== undefined) return Promise.resolve(value);
    const pending = this.#loading.get(key);
    if (pending) return pending;
    const loading: Promise<V> = load().then(
      (loaded) => {
        const isCurrent = this.#isEnabled && this.#loading.get(key) === loading;
        if (isCurrent) {
          this.#loading.delete(key);
          this.#keep(key, loaded);
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

  dropWhere(predicate: (value: V, key: K) => boolean) {
    for (const [key, value] of this.#values) if (predicate(value, key)) this.drop(key);
  }

  clear() {
    this.#values.clear();
    this.#loading.clear();
  }
}
