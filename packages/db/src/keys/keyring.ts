import { generateDataKey, type MasterKey, unwrapDataKey, wrapDataKey } from '@toolplane/crypto';

/**
 * The master keys a process holds and a bounded cache of unwrapped workspace data keys.
 * `current` (the first key) wraps new data keys; every key can unwrap, so a rotation can run
 * with the new key first and the old one second.
 */
export interface Keyring {
  readonly current: MasterKey;
  readonly masters: readonly MasterKey[];
  /** The workspace's data key (cached and shared: never mutate or zero it). Throws CryptoError
   *  when no master key fits. */
  unwrap(workspaceId: string, wrappedDataKey: string): Uint8Array;
  /** A fresh data key for a new workspace, wrapped by the current master key. */
  newWrappedDataKey(workspaceId: string): string;
}

/**
 * Unwrapping is an AES-GCM open: cheap, but the runtime does it on every call that reads a
 * secret, so the result is kept. 1,000 entries cover every active workspace on a replica at
 * 32 bytes each; the least recently used falls out first. The cache key includes the wrapped
 * value, so a re-wrapped or replaced key is never served stale.
 */
const DEFAULT_CACHE_SIZE = 1000;

export function createKeyring(
  masterKeys: readonly MasterKey[],
  options: { cacheSize?: number } = {},
): Keyring {
  const [current] = masterKeys;
  if (!current) throw new Error('createKeyring needs at least one master key');
  const masters = [...masterKeys];
  const limit = options.cacheSize ?? DEFAULT_CACHE_SIZE;
  const cache = new Map<string, Uint8Array>();

  return {
    current,
    masters,
    unwrap(workspaceId, wrappedDataKey) {
      const cacheKey = `${workspaceId}\n${wrappedDataKey}`;
      const hit = cache.get(cacheKey);
      if (hit) {
        cache.delete(cacheKey);
        cache.set(cacheKey, hit);
        return hit;
      }
      const dataKey = unwrapDataKey(wrappedDataKey, masters, workspaceId);
      cache.set(cacheKey, dataKey);
      if (cache.size > limit) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) {
          cache.get(oldest)?.fill(0);
          cache.delete(oldest);
        }
      }
      return dataKey;
    },
    newWrappedDataKey(workspaceId) {
      const dataKey = generateDataKey();
      try {
        return wrapDataKey(dataKey, current, workspaceId);
      } finally {
        dataKey.fill(0);
      }
    },
  };
}
