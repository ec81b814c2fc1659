import type { Db } from '../client';

/** Stores the response of the request that claimed the key, for retries to replay. */
export async function completeIdempotencyKey(
  db: Db,
  id: string,
  statusCode: number,
  /** The serialized (and, for the REST API, encrypted) response. */
  response: string,
): Promise<void> {
  await db.idempotencyKey.updateMany({ where: { id }, data: { statusCode, response } });
}
