import { type Db, recordAuditEvent, withTransaction } from '@toolplane/db';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { workspaceDb } from '../authorization/workspace-db';
import { mapDbErrors } from '../service-error';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Runs a change and records its audit event in the same transaction: both happen or neither.
 * The data functions send the runtime's change notification inside that transaction too. With
 * `ctx.tx` both join the caller's open transaction instead of opening one.
 */
export async function audited<T>(
  ctx: WorkspaceContext,
  change: (tx: Db) => Promise<T>,
  entry: (result: T) => AuditEntry,
): Promise<T> {
  return mapDbErrors(() =>
    withTransaction(workspaceDb(ctx), async (tx) => {
      const result = await change(tx);
      const { action, targetType, targetId, before, after } = entry(result);
      await recordAuditEvent(tx, ctx.workspace.id, {
        actorUserId: ctx.actor.userId,
        action,
        targetType,
        targetId: targetId ?? null,
        before,
        after,
        requestId: ctx.actor.requestId,
      });
      return result;
    }),
  );
}
