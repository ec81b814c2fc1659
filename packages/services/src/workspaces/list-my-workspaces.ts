import { listWorkspacesForUser, type MemberRole, type Workspace } from '@toolplane/db';
import type { Actor, ServiceDeps } from '../service-deps';

export async function listMyWorkspaces(
  deps: ServiceDeps,
  actor: Actor,
): Promise<{ workspace: Workspace; role: MemberRole }[]> {
  return listWorkspacesForUser(deps.db, actor.userId);
}
