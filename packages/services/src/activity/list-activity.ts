import { getInvocationStats, type Invocation, type InvocationStats } from '@toolplane/db';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { decodeActivityCursor, encodeActivityCursor } from './activity-cursor';
import { searchInvocations } from './search-invocations';

/** The longest range the dashboard offers a window for (invocations are pruned before that). */
const MAX_HOURS = 24 * 90;

export interface ActivityFilters {
  toolName?: string;
  status?: 'ok' | 'error';
  stage?: string;
  tokenId?: string;
  /** Hours back from now, when the first page is read; later pages keep that window. */
  rangeHours?: number;
  /** The `nextCursor` of the previous page (it carries the window). */
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
  const hours = Math.min(Math.max(Math.trunc(filters.rangeHours ?? 24) || 24, 1), MAX_HOURS);
  const now = Date.now();
  const pinned = filters.cursor ? decodeActivityCursor(filters.cursor) : null;
  // A later page keeps the first page's window. A cursor for another range, or whose window is
  // in the future or older than the longest range (hand-edited), starts a new walk instead.
  const resumed =
    pinned &&
    pinned.rangeHours === hours &&
    pinned.since.getTime() <= now &&
    pinned.since.getTime() >= now - MAX_HOURS * 3_600_000
      ? pinned
      : null;
  const since = resumed ? resumed.since : new Date(now - hours * 3_600_000);
  const [page, stats] = await Promise.all([
    searchInvocations(ctx, {
      ...(filters.toolName ? { toolName: filters.toolName } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.stage ? { stage: filters.stage } : {}),
      ...(filters.tokenId ? { tokenId: filters.tokenId } : {}),
      from: since,
      cursor: resumed?.after ?? null,
      limit: filters.limit ?? 50,
    }),
    getInvocationStats(ctx.deps.db, ctx.workspace.id, {
      since,
      bucketSeconds: hours <= 6 ? 300 : hours <= 48 ? 3600 : 86_400,
      ...(filters.toolName ? { toolName: filters.toolName } : {}),
      ...(filters.tokenId ? { tokenId: filters.tokenId } : {}),
    }),
  ]);
  return {
    items: page.items,
    nextCursor: page.nextCursor
      ? encodeActivityCursor({ since, rangeHours: hours, after: page.nextCursor })
      : null,
    stats,
  };
}
