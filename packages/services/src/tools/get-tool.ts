import {
  getTool as getToolRow,
  listToolVersions,
  type Tool,
  type ToolVersion,
} from '@toolplane/db';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { ServiceError } from '../service-error';

export async function getTool(ctx: WorkspaceContext, toolId: string): Promise<Tool> {
  authorize(ctx, 'tool.read');
  const tool = await getToolRow(ctx.deps.db, ctx.workspace.id, toolId);
  if (!tool) throw new ServiceError('NOT_FOUND', 'Tool not found.');
  return tool;
}

/** The tool's immutable versions, newest first. */
export async function getToolHistory(
  ctx: WorkspaceContext,
  toolId: string,
): Promise<ToolVersion[]> {
  authorize(ctx, 'tool.read');
  return listToolVersions(ctx.deps.db, ctx.workspace.id, toolId);
}
