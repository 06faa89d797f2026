/**
 * A bounded map of loaded values that never keeps a stale one: every key has a generation, bumped
 * by `drop`, and a value loaded while its key was dropped is handed to its caller but not kept.
 * Concurrent gets of one key share one load.
 */
export class KeyedCache<K, V> {
  readonly #values = new Map<K, V>();
  readonly #loading = new Map<K, Promise<V>>();
  readonly #generations = new Map<K, number>();
  #epoch = 0;
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

  peek(key: K): V | undefined {
    return this.#values.get(key);
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    const value = this.#values.get(key);
    if (value !== undefined) return Promise.resolve(value);
    const pending = this.#loading.get(key);
    if (pending) return pending;
    const epoch = this.#epoch;
    const generation = this.#generations.get(key) ?? 0;
    const loading = load().then(
      (loaded) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        const isCurrent = this.#isEnabled && epoch === this.#epoch && generation === (this.#generations.get(key) ?? 0);
        if (isCurrent) this.#keep(key, loaded);
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
    if (this.#generations.size > this.maxEntries * 2) {
      // Forgetting generations would let an older load count as current: start a new epoch instead.
      this.#generations.clear();
      this.#epoch++;
    }
  }

  drop(key: K) {
    this.#values.delete(key);
    this.#loading.delete(key);
    this.#generations.set(key, (this.#generations.get(key) ?? 0) + 1);
  }

  dropWhere(predicate: (value: V, key: K) => boolean) {
    for (const [key, value] of this.#values) if (predicate(value, key)) this.drop(key);
  }

  clear() {
    this.#values.clear();
    this.#loading.clear();
    this.#generations.clear();
    this.#epoch++;
  }
}
