import type { Db } from '../client';
import { notFound } from '../errors';
import { type PersonalAccessToken, personalAccessTokenOmit } from './personal-access-token-types';

/** Revokes one of the user's tokens (idempotent); NOT_FOUND for another user's token. */
export async function revokePersonalAccessToken(
  db: Db,
  userId: string,
  tokenId: string,
  at: Date = new Date(),
): Promise<PersonalAccessToken> {
  await db.personalAccessToken.updateMany({
    where: { id: tokenId, userId, revokedAt: null },
    data: { revokedAt: at, version: { increment: 1 } },
  });
  const token = await db.personalAccessToken.findFirst({
    where: { id: tokenId, userId },
    omit: personalAccessTokenOmit,
  });
  if (!token) throw notFound('personal access token');
  return token;
}
