import type { Db } from '../client';
import { type PersonalAccessToken, personalAccessTokenOmit } from './personal-access-token-types';

export async function listPersonalAccessTokens(
  db: Db,
  userId: string,
): Promise<PersonalAccessToken[]> {
  return db.personalAccessToken.findMany({
    where: { userId },
    omit: personalAccessTokenOmit,
    orderBy: { createdAt: 'desc' },
  });
}
