/** A Map or a WeakMap. */
type Memo<K, V> = { get(key: K): V | undefined; set(key: K, value: V): unknown };

/** What `memo` holds for `key`; made by `make` and kept there the first time it is asked for. */
export function memoized<K, V>(memo: Memo<K, V>, key: K, make: () => V): V {
  let value = memo.get(key);
  if (value === undefined) {
    value = make();
    memo.set(key, value);
  }
  return value;
}
