import type { Db } from '../client';
import { newId } from '../ids';

export type IdempotencyClaim =
  | { state: 'claimed'; id: string }
  | { state: 'replay'; statusCode: number; response: string }
  | { state: 'mismatch' }
  | { state: 'in-flight' };

export interface ClaimIdempotencyKeyInput {
  /** Who and what the key is for, e.g. `<token id>:POST /api/v1/workspaces`. */
  scope: string;
  key: string;
  /** SHA-256 of the request body. */
  requestHash: string;
  /** How long a finished response is replayed. */
  ttlMs: number;
  /** A claim still unfinished after this long is taken to be abandoned (a crashed request). */
  abandonAfterMs?: number;
  now?: Date;
}

/**
 * Claims an Idempotency-Key for one request, atomically: the first request inserts the row and
 * runs; a retry finds it and gets the stored response, a retry with another body is refused,
 * and a retry while the first is still running waits for the caller to try again.
 */
export async function claimIdempotencyKey(
  db: Db,
  input: ClaimIdempotencyKeyInput,
): Promise<IdempotencyClaim> {
  const now = input.now ?? new Date();
  const abandoned = new Date(now.getTime() - (input.abandonAfterMs ?? 60_000));
  await db.$executeRaw`
    DELETE FROM idempotency_keys
     WHERE scope = ${input.scope} AND key = ${input.key}
       AND (expires_at <= ${now} OR (response IS NULL AND created_at < ${abandoned}))`;
  const id = newId('idem', now.getTime());
  const inserted = await db.$queryRaw<{ id: string }[]>`
    INSERT INTO idempotency_keys (id, scope, key, request_hash, expires_at, created_at)
    VALUES (${id}, ${input.scope}, ${input.key}, ${input.requestHash},
            ${new Date(now.getTime() + input.ttlMs)}, ${now})
    ON CONFLICT (scope, key) DO NOTHING
    RETURNING id`;
  if (inserted.length > 0) return { state: 'claimed', id };
  const existing = await db.idempotencyKey.findUnique({
    where: { scope_key: { scope: input.scope, key: input.key } },
  });
  // Deleted between the insert and this read (expired by another request): ask for a retry.
  if (!existing) return { state: 'in-flight' };
  if (existing.requestHash !== input.requestHash) return { state: 'mismatch' };
  if (existing.statusCode === null || typeof existing.response !== 'string')
    return { state: 'in-flight' };
  return { state: 'replay', statusCode: existing.statusCode, response: existing.response };
}
