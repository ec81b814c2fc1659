import type { Db } from '../client';
import { type ApiToken, apiTokenOmit } from './api-token-types';

export async function listApiTokens(db: Db, workspaceId: string): Promise<ApiToken[]> {
  return db.apiToken.findMany({
    where: { workspaceId },
    omit: apiTokenOmit,
    orderBy: { createdAt: 'desc' },
  });
}
