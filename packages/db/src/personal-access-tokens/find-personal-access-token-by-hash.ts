import type { Db } from '../client';
import { type PersonalAccessToken, personalAccessTokenOmit } from './personal-access-token-types';

export async function findPersonalAccessTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<PersonalAccessToken | null> {
  return db.personalAccessToken.findFirst({ where: { tokenHash }, omit: personalAccessTokenOmit });
}
