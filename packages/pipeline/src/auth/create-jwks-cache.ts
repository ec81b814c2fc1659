import type { ClockPort, JsonWebKeySet, JwksPort } from '../ports/pipeline-ports';

export interface JwksCacheOptions {
  /**
   * Fetches a JWKS document. The runtime implements it under the outbound-address policy
   * shared with script `fetch` (no link-local, metadata or control-plane addresses).
   */
  fetchJwks(url: string): Promise<unknown>;
  clock: ClockPort;
  /** How long a document is used before it is fetched again. Default 10 minutes. */
  ttlMs?: number;
  /** A refresh asked for sooner than this after a fetch returns the cached copy. Default 30 s. */
  cooldownMs?: number;
  /** Most URLs kept; the least recently fetched is dropped. Default 1000. */
  maxEntries?: number;
}

interface Entry {
  document: JsonWebKeySet | undefined;
  fetchedAt: number;
  pending: Promise<JsonWebKeySet> | undefined;
}

function isKeySet(value: unknown): value is JsonWebKeySet {
  const keys = (value as { keys?: unknown } | null)?.keys;
  return Array.isArray(keys) && keys.every((key) => key !== null && typeof key === 'object');
}

/**
 * A JWKS port that caches documents per URL with a TTL (clock port), shares one fetch among
 * concurrent callers, rate-limits refreshes (key rotation) and keeps serving the last good
 * document when a refetch fails. Create one per runtime process; the documents are public keys.
 */
export function createJwksCache(options: JwksCacheOptions): JwksPort {
  const ttl = options.ttlMs ?? 600_000;
  const cooldown = options.cooldownMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 1000;
  const entries = new Map<string, Entry>();

  const fetchInto = (url: string, entry: Entry): Promise<JsonWebKeySet> => {
    entry.pending = options
      .fetchJwks(url)
      .then((document) => {
        if (!isKeySet(document)) throw new Error('not a JWKS document');
        entry.document = document;
        entry.fetchedAt = options.clock.now();
        return document;
      })
      .catch((error: unknown) => {
        if (entry.document !== undefined) return entry.document;
        entries.delete(url);
        throw error;
      })
      .finally(() => {
        entry.pending = undefined;
      });
    return entry.pending;
  };

  return {
    getKeySet(url, request = {}) {
      let entry = entries.get(url);
      if (entry === undefined) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entry = { document: undefined, fetchedAt: Number.NEGATIVE_INFINITY, pending: undefined };
        entries.set(url, entry);
      }
      if (entry.pending !== undefined) return entry.pending;
      const age = options.clock.now() - entry.fetchedAt;
      if (entry.document !== undefined && (request.refresh ? age < cooldown : age < ttl)) {
        return Promise.resolve(entry.document);
      }
      return fetchInto(url, entry);
    },
  };
}
