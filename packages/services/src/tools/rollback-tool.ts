import { rollbackTool as rollbackToolRow, type Tool } from '@toolplane/db';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';

/**
 * Restores version `toVersion` as a new version (history is never rewritten). The keyring seals
 * an inline credential that an old version still holds in plaintext.
 */
export async function rollbackTool(
  ctx: WorkspaceContext,
  toolId: string,
  input: { toVersion: number; expectedVersion: number },
): Promise<Tool> {
  authorize(ctx, 'tool.rollback');
  return audited(
    ctx,
    (tx) =>
      rollbackToolRow(tx, ctx.workspace.id, toolId, input, {
        actorUserId: ctx.actor.userId,
        keyring: ctx.deps.keyring,
      }),
    (tool) => ({
      action: 'tool.rollback',
      targetType: 'tool',
      targetId: tool.id,
      before: { version: input.expectedVersion },
      after: { version: tool.version, restoredFrom: input.toVersion },
    }),
  );
}
