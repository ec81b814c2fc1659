import {
  createUser,
  createWorkspace,
  type MemberRole,
  type User,
  type Workspace,
} from '@toolplane/db';
import type { WorkspaceContext } from '../authorization/workspace-context';
import type { ServiceDeps } from '../service-deps';

export interface SeededWorkspaces {
  owner: User;
  /** Two tenants with the same owner: tests prove A's rows never reach B. */
  a: Workspace;
  b: Workspace;
  /** The owner acting in `workspace`, with `role` (default owner) to try what others may do. */
  ctx(workspace: Workspace, role?: MemberRole): WorkspaceContext;
}

/** An owner (owner@example.com) and two workspaces they own, in the fixture's database. */
export async function seedWorkspaces(deps: ServiceDeps): Promise<SeededWorkspaces> {
  const owner = await createUser(deps.db, { email: 'owner@example.com' });
  const a = await createWorkspace(deps.db, deps.keyring, {
    slug: 'acme',
    name: 'Acme',
    ownerUserId: owner.id,
  });
  const b = await createWorkspace(deps.db, deps.keyring, {
    slug: 'globex',
    name: 'Globex',
    ownerUserId: owner.id,
  });
  return {
    owner,
    a,
    b,
    ctx: (workspace, role = 'owner') => ({
      deps,
      actor: { userId: owner.id, requestId: 'test' },
      workspace,
      role,
    }),
  };
}
