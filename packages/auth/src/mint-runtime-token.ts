import { createHmac, randomBytes } from 'node:crypto';

/**
 * Short-lived runtime tokens: the control plane mints one for a signed-in user (the playground)
 * or a personal access token (the CLI); the runtime accepts it beside `tp_` API tokens and logs
 * the call under `sub`. The format is the runtime's (apps/runtime/src/auth/runtime-token.ts);
 * `mint-runtime-token.test.ts` verifies a minted token with the runtime's own verifier.
 *
 *   tps_<base64url(JSON claims)>.<base64url(HMAC-SHA256(signing key, "tps_" + claims part))>
 */
export const RUNTIME_TOKEN_PREFIX = 'tps_';
/** The runtime refuses more than 15 minutes; the playground asks for 5. */
export const MAX_RUNTIME_TOKEN_SECONDS = 15 * 60;

export interface RuntimeTokenClaims {
  sub: string;
  ws: string;
  pat?: string;
  scopes: string[];
  tools: 'all' | string[];
  iat: number;
  exp: number;
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
  const signature = createHmac('sha256', signingKey)
    .update(`${RUNTIME_TOKEN_PREFIX}${body}`)
    .digest('base64url');
  return `${RUNTIME_TOKEN_PREFIX}${body}.${signature}`;
}
