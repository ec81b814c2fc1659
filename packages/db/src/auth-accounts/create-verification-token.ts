import { generateTokenSecret, hashToken } from '../api-tokens/token-secret';
import type { Db } from '../client';

/**
 * A one-time token for `identifier` (e.g. `reset:<email>`), stored as its SHA-256 in Auth.js's
 * verification_tokens table. Earlier tokens for the identifier are dropped: only the newest link
 * works. Returns the plaintext for the emailed link.
 */
export async function createVerificationToken(
  db: Db,
  identifier: string,
  expires: Date,
): Promise<string> {
  const plaintext = generateTokenSecret('tpp_').slice(4);
  await db.verificationToken.deleteMany({ where: { identifier } });
  await db.verificationToken.create({
    data: { identifier, token: hashToken(plaintext), expires },
  });
  return plaintext;
}
