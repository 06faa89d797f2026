import { createHash } from 'node:crypto';

/**
 * Orders items by a hash of `seed` and each item's id: the same seed gives the same order on every
 * read, another seed (another attempt) most likely another, and nothing needs storing.
 */
export function seededOrder(seed: string) {
  const rank = (id: string) => createHash('sha256').update(`${seed}\u0000${id}`).digest('hex');
  return <T extends { id: string }>(items: readonly T[]): T[] =>
    items
      .map((item) => ({ item, rank: rank(item.id) }))
      .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
      .map(({ item }) => item);
}
