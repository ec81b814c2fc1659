import { deleteTool as deleteToolRow, getTool } from '@toolplane/db';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { workspaceDb } from '../authorization/workspace-db';
import { ServiceError } from '../service-error';

export async function deleteTool(ctx: WorkspaceContext, toolId: string): Promise<void> {
  authorize(ctx, 'tool.delete');
  const before = await getTool(workspaceDb(ctx), ctx.workspace.id, toolId);
  if (!before) throw new ServiceError('NOT_FOUND', 'Tool not found.');
  await audited(
    ctx,
    (tx) => deleteToolRow(tx, ctx.workspace.id, toolId),
    () => ({
      action: 'tool.delete',
      targetType: 'tool',
      targetId: toolId,
      before: { name: before.name, version: before.version },
    }),
  );
}
