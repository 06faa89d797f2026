/**
 * Whether an object is paid lesson media, remembered briefly: thumbnails are fetched on every
 * catalogue view and should cost no query. A slide that starts using a fresh upload makes it
 * protected within TTL_MS; until then only its creator knows its random address.
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

export function createProtectionCache(lookup: (objectPath: string) => Promise<boolean>) {
  const entries = new Map<string, { isProtected: boolean; until: number }>();
  return {
    async isProtected(objectPath: string, now: number): Promise<boolean> {
      const hit = entries.get(objectPath);
      if (hit && hit.until > now) return hit.isProtected;
      const isProtected = await lookup(objectPath);
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(objectPath, { isProtected, until: now + TTL_MS });
      return isProtected;
    },
  };
}
