import { getInvocation, type Invocation } from '@toolplane/db';
import { allowedActions } from '../authorization/action-registry';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { ServiceError } from '../service-error';

/** One invocation for the detail view; viewers get its metadata without inputs or results. */
export async function getActivity(
  ctx: WorkspaceContext,
  invocationId: string,
): Promise<Invocation> {
  authorize(ctx, 'activity.list');
  const invocation = await getInvocation(ctx.deps.db, ctx.workspace.id, invocationId);
  if (!invocation) throw new ServiceError('NOT_FOUND', 'That invocation does not exist.');
  if (allowedActions(ctx.role).has('activity.read-payloads')) return invocation;
  return { ...invocation, inputs: null, resultPreview: null, console: [] };
}
