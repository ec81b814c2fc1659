import { findPersonalAccessTokenByHash, hashToken, touchPersonalAccessToken } from '@toolplane/db';
import type { ServiceDeps } from '../service-deps';

export interface VerifiedPersonalAccessToken {
  userId: string;
  tokenId: string;
  scopes: string[];
  expiresAt: Date | null;
}

/** `tpp_` + 43 base64url characters (see generateTokenSecret). */
const SHAPE = /^tpp_[A-Za-z0-9_-]{43}$/;

/**
 * The user behind a personal access token, or null when it is malformed, unknown, revoked or
 * expired — one answer for all four, so a caller learns nothing about which. Lookup is by SHA-256
 * like MCP API tokens; last_used_at is written at most once a minute per token.
 */
export async function verifyPersonalAccessToken(
  deps: ServiceDeps,
  token: string,
  now: Date = new Date(),
): Promise<VerifiedPersonalAccessToken | null> {
  if (!SHAPE.test(token)) return null;
  const row = await findPersonalAccessTokenByHash(deps.db, hashToken(token));
  if (!row || row.revokedAt !== null) return null;
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return null;
  await touchPersonalAccessToken(deps.db, row.id, now);
  return { userId: row.userId, tokenId: row.id, scopes: row.scopes, expiresAt: row.expiresAt };
}
