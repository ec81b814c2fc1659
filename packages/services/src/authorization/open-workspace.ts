import { getMembership, getWorkspaceBySlug } from '@toolplane/db';
import type { Actor, ServiceDeps } from '../service-deps';
import { ServiceError } from '../service-error';
import type { WorkspaceActionId } from './action-registry';
import { authorize } from './authorize';
import type { WorkspaceContext } from './workspace-context';

/**
 * The actor's context in the workspace named by `slug`, authorized for `action`. A workspace the
 * actor is not a member of is NOT_FOUND, exactly like one that does not exist, so membership of
 * other tenants cannot be probed.
 */
export async function openWorkspace(
  deps: ServiceDeps,
  actor: Actor,
  slug: string,
  action: WorkspaceActionId,
): Promise<WorkspaceContext> {
  const workspace = /^[a-z0-9-]{1,40}$/.test(slug) ? await getWorkspaceBySlug(deps.db, slug) : null;
  const membership = workspace ? await getMembership(deps.db, workspace.id, actor.userId) : null;
  if (!workspace || !membership) throw new ServiceError('NOT_FOUND', 'Workspace not found.');
  const ctx: WorkspaceContext = { deps, actor, workspace, role: membership.role };
  authorize(ctx, action);
  return ctx;
}
