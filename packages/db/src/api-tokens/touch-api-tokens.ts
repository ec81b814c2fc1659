import type { Db } from '../client';

/**
 * Records use of many tokens at once (the runtime batches them off the hot path). Only moves
 * last_used_at forward; touches neither version nor updated_at, and announces nothing — use is
 * not a change.
 */
export async function touchApiTokens(
  db: Db,
  tokenIds: readonly string[],
  at: Date,
): Promise<number> {
  if (tokenIds.length === 0) return 0;
  return db.$executeRaw`
    UPDATE api_tokens SET last_used_at = ${at}
     WHERE id = ANY(${[...new Set(tokenIds)]}::text[])
       AND (last_used_at IS NULL OR last_used_at < ${at})`;
}
