import { type Db, withTransaction } from '../client';
import { notFound } from '../errors';
import { notifyChange } from '../notify';
import { type ApiToken, apiTokenOmit } from './api-token-types';

/** Revokes a token (idempotent: a second call keeps the first revocation time). */
export async function revokeApiToken(
  db: Db,
  workspaceId: string,
  tokenId: string,
  at: Date = new Date(),
): Promise<ApiToken> {
  return withTransaction(db, async (tx) => {
    await tx.apiToken.updateMany({
      where: { id: tokenId, workspaceId, revokedAt: null },
      data: { revokedAt: at, version: { increment: 1 } },
    });
    const token = await tx.apiToken.findFirst({
      where: { id: tokenId, workspaceId },
      omit: apiTokenOmit,
    });
    if (!token) throw notFound('API token');
    await notifyChange(tx, { workspaceId, kind: 'token', id: tokenId });
    return token;
  });
}
