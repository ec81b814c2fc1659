import { hashToken } from '../api-tokens/token-secret';
import type { Db } from '../client';

/**
 * Uses up a token: deletes it and returns its identifier when it existed and had not expired;
 * null otherwise. The delete is the check, so two concurrent uses cannot both succeed.
 */
export async function consumeVerificationToken(
  db: Db,
  plaintext: string,
  now: Date = new Date(),
): Promise<string | null> {
  const rows = await db.$queryRaw<{ identifier: string; expires: Date }[]>`
    DELETE FROM verification_tokens WHERE token = ${hashToken(plaintext)}
    RETURNING identifier, expires`;
  const row = rows[0];
  if (!row || row.expires.getTime() <= now.getTime()) return null;
  return row.identifier;
}
