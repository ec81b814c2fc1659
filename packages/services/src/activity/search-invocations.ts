import { type Invocation, listInvocations } from '@toolplane/db';
import { allowedActions } from '../authorization/action-registry';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';

export interface InvocationSearch {
  toolName?: string;
  status?: 'ok' | 'error';
  stage?: string;
  tokenId?: string;
  from?: Date;
  to?: Date;
  cursor?: string | null;
  limit?: number;
}

/**
 * One page of the invocation log for the REST API: filters in the query, keyset cursor, no chart
 * buckets (listActivity adds those for the dashboard). Viewers get metadata only.
 */
export async function searchInvocations(
  ctx: WorkspaceContext,
  search: InvocationSearch = {},
): Promise<{ items: Invocation[]; nextCursor: string | null }> {
  authorize(ctx, 'activity.list');
  const page = await listInvocations(ctx.deps.db, ctx.workspace.id, {
    ...(search.toolName ? { toolName: search.toolName } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.stage ? { errorStage: search.stage } : {}),
    ...(search.tokenId ? { tokenId: search.tokenId } : {}),
    ...(search.from ? { since: search.from } : {}),
    ...(search.to ? { until: search.to } : {}),
    cursor: search.cursor ?? null,
    limit: search.limit ?? 50,
  });
  if (allowedActions(ctx.role).has('activity.read-payloads')) return page;
  return {
    items: page.items.map((i) => ({ ...i, inputs: null, resultPreview: null, console: [] })),
    nextCursor: page.nextCursor,
  };
}
