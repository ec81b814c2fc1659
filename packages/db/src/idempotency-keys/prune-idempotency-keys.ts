import type { Db } from '../client';

/** Deletes Idempotency-Key records past their replay window (served by the expires_at index). */
export async function pruneIdempotencyKeys(db: Db, now: Date = new Date()): Promise<number> {
  const { count } = await db.idempotencyKey.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
