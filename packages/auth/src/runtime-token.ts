import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived runtime tokens, minted by the control plane for a signed-in user (the playground)
 * or a personal access token (the CLI) and accepted by the runtime beside `tp_` API tokens; calls
 * made with one are logged under `sub`. Both sides import this one module:
 *
 *   tps_<base64url(JSON claims)>.<base64url(HMAC-SHA256(signing key, "tps_" + claims part))>
 *
 * A fixed algorithm (no `alg` header to confuse), a lifetime of at most 15 minutes, and the
 * workspace inside the signed part. Only node:crypto: the runtime bundles this file alone.
 */
export const RUNTIME_TOKEN_PREFIX = 'tps_';
/** The runtime refuses more than 15 minutes; the playground asks for 5. */
export const MAX_RUNTIME_TOKEN_SECONDS = 15 * 60;
const CLOCK_SKEW_SECONDS = 30;

export interface RuntimeTokenClaims {
  /** The user the calls are made for (`usr_…`). */
  sub: string;
  /** The workspace the token is for (`ws_…`). */
  ws: string;
  /** The personal access token it was minted from, when the CLI asked (`pat_…`). */
  pat?: string;
  /** Scopes `token_scopes` policies check. */
  scopes: string[];
  /** Tools it may call: all, or a list. */
  tools: 'all' | string[];
  /** Issued at and expiry, seconds since the epoch. */
  iat: number;
  exp: number;
  /** Unique id, for logs. */
  jti: string;
}

export interface MintRuntimeTokenInput {
  /** The user (`usr_…`) the calls are made for. */
  userId: string;
  workspaceId: string;
  /** The personal access token it is minted from (CLI), if any. */
  personalAccessTokenId?: string;
  scopes?: string[];
  tools?: 'all' | string[];
  ttlSeconds?: number;
  now?: number;
}

function sign(key: Uint8Array, body: string): string {
  return createHmac('sha256', key).update(`${RUNTIME_TOKEN_PREFIX}${body}`).digest('base64url');
}

export function mintRuntimeToken(signingKey: Uint8Array, input: MintRuntimeTokenInput): string {
  const ttl = input.ttlSeconds ?? 300;
  if (!Number.isInteger(ttl) || ttl <= 0 || ttl > MAX_RUNTIME_TOKEN_SECONDS) {
    throw new Error(`a runtime token lives 1–${MAX_RUNTIME_TOKEN_SECONDS} seconds`);
  }
  const iat = Math.floor((input.now ?? Date.now()) / 1000);
  const claims: RuntimeTokenClaims = {
    sub: input.userId,
    ws: input.workspaceId,
    ...(input.personalAccessTokenId ? { pat: input.personalAccessTokenId } : {}),
    scopes: input.scopes ?? [],
    tools: input.tools ?? 'all',
    iat,
    exp: iat + ttl,
    jti: randomBytes(12).toString('base64url'),
  };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${RUNTIME_TOKEN_PREFIX}${body}.${sign(signingKey, body)}`;
}

/** The claims of a valid, unexpired token signed with `key`; null for anything else. */
export function verifyRuntimeToken(
  key: Uint8Array,
  token: string,
  nowMs: number,
): RuntimeTokenClaims | null {
  if (!token.startsWith(RUNTIME_TOKEN_PREFIX) || token.length > 8_192) return null;
  const dot = token.indexOf('.', RUNTIME_TOKEN_PREFIX.length);
  if (dot === -1) return null;
  const body = token.slice(RUNTIME_TOKEN_PREFIX.length, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = Buffer.from(sign(key, body), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: RuntimeTokenClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as RuntimeTokenClaims;
  } catch {
    return null;
  }
  const now = nowMs / 1000;
  if (
    typeof claims.sub !== 'string' ||
    typeof claims.ws !== 'string' ||
    typeof claims.iat !== 'number' ||
    typeof claims.exp !== 'number' ||
    !Array.isArray(claims.scopes) ||
    !(claims.tools === 'all' || Array.isArray(claims.tools))
  ) {
    return null;
  }
  if (claims.exp - claims.iat > MAX_RUNTIME_TOKEN_SECONDS) return null;
  if (claims.iat > now + CLOCK_SKEW_SECONDS || claims.exp <= now - CLOCK_SKEW_SECONDS) return null;
  return claims;
}
