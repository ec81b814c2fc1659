import type { Db } from '../client';

/** Forgets a claim whose request failed, so a retry runs it again. */
export async function releaseIdempotencyKey(db: Db, id: string): Promise<void> {
  await db.idempotencyKey.deleteMany({ where: { id } });
}
