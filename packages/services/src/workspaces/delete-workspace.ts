import { deleteWorkspace as deleteWorkspaceRow } from '@toolplane/db';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { mapDbErrors, ServiceError } from '../service-error';

/**
 * Deletes the workspace and everything in it. The owner types the slug to confirm; the audit
 * log goes with the workspace, so the deletion is logged by the edge instead.
 */
export async function deleteWorkspace(
  ctx: WorkspaceContext,
  input: { confirmSlug: string },
): Promise<void> {
  authorize(ctx, 'workspace.delete');
  if (input.confirmSlug.trim() !== ctx.workspace.slug) {
    const message = `Type ${ctx.workspace.slug} to confirm.`;
    throw new ServiceError('INVALID', message, { fieldErrors: { confirmSlug: message } });
  }
  await mapDbErrors(() => deleteWorkspaceRow(ctx.deps.db, ctx.workspace.id));
}
