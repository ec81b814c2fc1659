import type { Db } from '../client';
import type { ApiToken } from './api-token-types';
import { apiTokenOmit } from './api-token-types';

/**
 * The token with this SHA-256, whatever its state (the caller checks revokedAt and expiresAt
 * and that workspaceId is the workspace in the URL). Not workspace-scoped: the token is what
 * identifies the workspace.
 */
export async function findApiTokenByHash(db: Db, tokenHash: string): Promise<ApiToken | null> {
  return db.apiToken.findFirst({ where: { tokenHash }, omit: apiTokenOmit });
}
