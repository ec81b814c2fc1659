import { getInvocationStats, type Invocation, type InvocationStats } from '@toolplane/db';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { searchInvocations } from './search-invocations';

export interface ActivityFilters {
  toolName?: string;
  status?: 'ok' | 'error';
  stage?: string;
  tokenId?: string;
  /** Hours back from now. */
  rangeHours?: number;
  cursor?: string | null;
  /** Page size; the dashboard shows 50. */
  limit?: number;
}

/**
 * The dashboard's Activity page: one page of the invocation log, newest first, with every filter
 * applied in the query (so a page is full when enough calls match), and the charts' buckets.
 * Viewers get metadata only (see searchInvocations).
 */
export async function listActivity(
  ctx: WorkspaceContext,
  filters: ActivityFilters = {},
): Promise<{ items: Invocation[]; nextCursor: string | null; stats: InvocationStats }> {
  authorize(ctx, 'activity.list');
  const hours = Math.min(Math.max(filters.rangeHours ?? 24, 1), 24 * 90);
  const since = new Date(Date.now() - hours * 3_600_000);
  const [page, stats] = await Promise.all([
    searchInvocations(ctx, {
      ...(filters.toolName ? { toolName: filters.toolName } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.stage ? { stage: filters.stage } : {}),
      ...(filters.tokenId ? { tokenId: filters.tokenId } : {}),
      from: since,
      cursor: filters.cursor ?? null,
      limit: filters.limit ?? 50,
    }),
    getInvocationStats(ctx.deps.db, ctx.workspace.id, {
      since,
      bucketSeconds: hours <= 6 ? 300 : hours <= 48 ? 3600 : 86_400,
      ...(filters.toolName ? { toolName: filters.toolName } : {}),
      ...(filters.tokenId ? { tokenId: filters.tokenId } : {}),
    }),
  ]);
  return { ...page, stats };
}
