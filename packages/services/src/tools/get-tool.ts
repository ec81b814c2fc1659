import {
  getTool as getToolRow,
  listToolVersions,
  type Tool,
  type ToolVersion,
} from '@toolplane/db';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { ServiceError } from '../service-error';
import { redactInlineAuth } from './redact-inline-auth';

export async function getTool(ctx: WorkspaceContext, toolId: string): Promise<Tool> {
  authorize(ctx, 'tool.read');
  const tool = await getToolRow(ctx.deps.db, ctx.workspace.id, toolId);
  if (!tool) throw new ServiceError('NOT_FOUND', 'Tool not found.');
  return { ...tool, authInline: redactInlineAuth(tool.authInline) };
}

/** The tool's immutable versions, newest first (inline credentials redacted). */
export async function getToolHistory(
  ctx: WorkspaceContext,
  toolId: string,
): Promise<ToolVersion[]> {
  authorize(ctx, 'tool.read');
  const versions = await listToolVersions(ctx.deps.db, ctx.workspace.id, toolId);
  return versions.map((version) => {
    const definition = version.definition;
    if (definition === null || typeof definition !== 'object' || Array.isArray(definition))
      return version;
    const { authInline } = definition as { authInline?: unknown };
    if (authInline === undefined) return version;
    return {
      ...version,
      definition: { ...definition, authInline: redactInlineAuth(authInline) } as typeof definition,
    };
  });
}
