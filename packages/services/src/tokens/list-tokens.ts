import { type ApiToken, listApiTokens } from '@toolplane/db';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';

export async function listTokens(ctx: WorkspaceContext): Promise<ApiToken[]> {
  authorize(ctx, 'token.list');
  return listApiTokens(ctx.deps.db, ctx.workspace.id);
}
