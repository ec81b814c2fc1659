import { RUNTIME_TOKEN_PREFIX, verifyRuntimeToken } from '@toolplane/auth/runtime-token';
import { type ApiToken, type Db, findApiTokenByHash, hashToken } from '@toolplane/db';
import type { Caller } from './caller';

export interface TokenAuthenticator {
  /**
   * The caller behind an `Authorization` header, or null (missing, malformed, unknown, expired,
   * revoked). Synchronous when the token is known (cached): a promise only when it must be read.
   */
  authenticate(authorization: string | undefined): Caller | null | Promise<Caller | null>;
  /** A token of this workspace changed (created, revoked): drop what is cached for it. */
  invalidate(workspaceId: string, tokenId?: string): void;
  /** Drop everything (the change listener reconnected). */
  clear(): void;
  setMaxAge(ms: number | undefined): void;
}

const API_TOKEN = /^tp_[A-Za-z0-9_-]{43}$/;
const BEARER = /^Bearer +(\S+) *$/i;

interface Entry {
  token: ApiToken | null;
  caller: Caller | null;
  at: number;
}

/**
 * Bearer tokens checked from memory: `tp_` API tokens by SHA-256 (cached, known and unknown
 * alike, until a change of that workspace's tokens is announced) and `tps_` runtime tokens by
 * signature. Expiry and revocation are checked on every request against the cached row.
 */
export function createTokenAuthenticator(options: {
  db: Db;
  signingKey: Uint8Array;
  now?: () => number;
  maxEntries?: number;
}): TokenAuthenticator {
  const { db, signingKey } = options;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const byHash = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry>>();
  let generation = 0;
  let maxAgeMs: number | undefined;

  function toCaller(token: ApiToken): Caller {
    return {
      workspaceId: token.workspaceId,
      token: {
        id: token.id,
        tools: token.allTools ? 'all' : token.toolNames,
        scopes: token.scopes,
      },
      apiTokenId: token.id,
      userId: null,
      limitKey: token.id,
      toolSet: token.allTools ? null : new Set(token.toolNames),
    };
  }

  async function lookup(hash: string): Promise<Entry> {
    const pending = loading.get(hash);
    if (pending) return pending;
    const started = generation;
    const promise = (async () => {
      const token = await findApiTokenByHash(db, hash);
      const entry: Entry = { token, caller: token ? toCaller(token) : null, at: now() };
      if (generation === started) {
        byHash.set(hash, entry);
        if (byHash.size > maxEntries) byHash.delete(byHash.keys().next().value as string);
      }
      return entry;
    })().finally(() => loading.delete(hash));
    loading.set(hash, promise);
    return promise;
  }

  function check(entry: Entry): Caller | null {
    const token = entry.token;
    if (!token || token.revokedAt !== null) return null;
    if (token.expiresAt !== null && token.expiresAt.getTime() <= now()) return null;
    return entry.caller;
  }

  return {
    authenticate(authorization) {
      if (authorization === undefined) return null;
      const match = BEARER.exec(authorization);
      const secret = match?.[1];
      if (secret === undefined) return null;
      if (secret.startsWith(RUNTIME_TOKEN_PREFIX)) {
        const claims = verifyRuntimeToken(signingKey, secret, now());
        if (!claims) return null;
        return {
          workspaceId: claims.ws,
          token: {
            id: claims.pat ?? `user:${claims.sub}`,
            tools: claims.tools,
            scopes: claims.scopes,
          },
          apiTokenId: null,
          userId: claims.sub,
          limitKey: claims.pat ?? `user:${claims.sub}`,
          toolSet: claims.tools === 'all' ? null : new Set(claims.tools),
        };
      }
      if (!API_TOKEN.test(secret)) return null;
      const hash = hashToken(secret);
      let entry = byHash.get(hash);
      if (entry && maxAgeMs !== undefined && now() - entry.at > maxAgeMs) entry = undefined;
      return entry === undefined ? lookup(hash).then(check) : check(entry);
    },
    invalidate(workspaceId, tokenId) {
      generation++;
      for (const [hash, entry] of byHash) {
        // Unknown hashes may be a token just created: forget them on any token change.
        if (entry.token === null) byHash.delete(hash);
        else if (
          entry.token.workspaceId === workspaceId &&
          (tokenId === undefined || entry.token.id === tokenId)
        ) {
          byHash.delete(hash);
        }
      }
    },
    clear() {
      generation++;
      byHash.clear();
    },
    setMaxAge(ms) {
      maxAgeMs = ms;
    },
  };
}
