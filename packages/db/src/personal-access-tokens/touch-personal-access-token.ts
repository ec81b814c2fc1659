import type { Db } from '../client';

/**
 * Records that a personal access token was used, at most once per `minIntervalMs`: the REST API
 * verifies a token on every request, and a write per request would turn reads into writes. Only
 * moves last_used_at forward; touches neither version nor updated_at — use is not a change.
 */
export async function touchPersonalAccessToken(
  db: Db,
  tokenId: string,
  at: Date,
  minIntervalMs = 60_000,
): Promise<boolean> {
  const before = new Date(at.getTime() - minIntervalMs);
  const count = await db.$executeRaw`
    UPDATE personal_access_tokens SET last_used_at = ${at}
     WHERE id = ${tokenId}
       AND (last_used_at IS NULL OR last_used_at < ${before})`;
  return count > 0;
}
