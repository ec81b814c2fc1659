import { type ApiToken, revokeApiToken } from '@toolplane/db';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';

/** Revokes a token; every runtime replica refuses it within a second (change notification). */
export async function revokeToken(ctx: WorkspaceContext, tokenId: string): Promise<ApiToken> {
  authorize(ctx, 'token.revoke');
  return audited(
    ctx,
    (tx) => revokeApiToken(tx, ctx.workspace.id, tokenId),
    (token) => ({
      action: 'token.revoke',
      targetType: 'token',
      targetId: token.id,
      after: { name: token.name, prefix: token.prefix, revokedAt: token.revokedAt },
    }),
  );
}
