import { type Db, recordAuditEvent, withTransaction } from '@toolplane/db';
import type { WorkspaceContext } from '../authorization/workspace-context';
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
 * The data functions send the runtime's change notification inside that transaction too.
 */
export async function audited<T>(
  ctx: WorkspaceContext,
  change: (tx: Db) => Promise<T>,
  entry: (result: T) => AuditEntry,
): Promise<T> {
  return mapDbErrors(() =>
    withTransaction(ctx.deps.db, async (tx) => {
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
