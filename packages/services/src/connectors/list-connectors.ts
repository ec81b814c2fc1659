import { type Connector, listConnectors as listConnectorRows } from '@toolplane/db';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';

export async function listConnectors(ctx: WorkspaceContext): Promise<Connector[]> {
  authorize(ctx, 'connector.list');
  return listConnectorRows(ctx.deps.db, ctx.workspace.id);
}
