import {
  getInvocationStats,
  type Invocation,
  type InvocationStats,
  listInvocations,
} from '@toolplane/db';
import { allowedActions } from '../authorization/action-registry';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';

export interface ActivityFilters {
  toolName?: string;
  status?: 'ok' | 'error';
  stage?: string;
  tokenId?: string;
  /** Hours back from now. */
  rangeHours?: number;
  cursor?: string | null;
}

/**
 * The invocation log, newest first, and the charts' buckets. Viewers get metadata only: inputs,
 * result previews and console output are stripped unless the role may read payloads.
 */
export async function listActivity(
  ctx: WorkspaceContext,
  filters: ActivityFilters = {},
): Promise<{ items: Invocation[]; nextCursor: string | null; stats: InvocationStats }> {
  authorize(ctx, 'activity.list');
  const hours = Math.min(Math.max(filters.rangeHours ?? 24, 1), 24 * 90);
  const since = new Date(Date.now() - hours * 3_600_000);
  const page = await listInvocations(ctx.deps.db, ctx.workspace.id, {
    ...(filters.toolName ? { toolName: filters.toolName } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    since,
    cursor: filters.cursor ?? null,
    limit: 50,
  });
  const stats = await getInvocationStats(ctx.deps.db, ctx.workspace.id, {
    since,
    bucketSeconds: hours <= 6 ? 300 : hours <= 48 ? 3600 : 86_400,
    ...(filters.toolName ? { toolName: filters.toolName } : {}),
  });
  const payloads = allowedActions(ctx.role).has('activity.read-payloads');
  let items = page.items;
  if (filters.stage) items = items.filter((i) => i.errorStage === filters.stage);
  if (filters.tokenId) items = items.filter((i) => i.tokenId === filters.tokenId);
  if (!payloads)
    items = items.map((i) => ({ ...i, inputs: null, resultPreview: null, console: [] }));
  return { items, nextCursor: page.nextCursor, stats };
}
