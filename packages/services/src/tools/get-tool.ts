import {
  getTool as getToolRow,
  listToolVersions,
  type Tool,
  type ToolVersion,
} from '@toolplane/db';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { redactParams } from '../policies/policy-params';
import { ServiceError } from '../service-error';

/**
 * An inline auth block as a browser or API client may see it: credential parameters replaced by
 * `[redacted]`, like a shared policy's. Both callers here feed the editor and the version
 * history, which only read.
 */
function redactInlineAuth<T>(authInline: T): T {
  if (authInline === null || typeof authInline !== 'object' || Array.isArray(authInline))
    return authInline;
  const block = authInline as Record<string, unknown>;
  if (!('params' in block)) return authInline;
  return { ...block, params: redactParams(block.params) } as T;
}

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
