import type { CachePort } from '@toolplane/pipeline';

/**
 * The result cache without Redis: an LRU bounded by bytes (keys and values counted as UTF-16,
 * 2 bytes a character), entries expiring by TTL. A single value over a quarter of the budget is
 * not stored, so one huge result cannot flush everything else.
 */
export function createMemoryCache(options: { maxBytes: number; now?: () => number }): CachePort & {
  readonly bytes: number;
} {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: string; expiresAt: number; size: number }>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, ttlSeconds) {
      const size = (key.length + value.length) * 2 + 64;
      remove(key);
      if (ttlSeconds <= 0 || size > options.maxBytes / 4) return;
      entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000, size });
      bytes += size;
      while (bytes > options.maxBytes) {
        const oldest = entries.keys().next().value as string;
        remove(oldest);
      }
    },
    get bytes() {
      return bytes;
    },
  };
}
