import {
  type Invitation,
  listInvitations,
  listMemberships,
  type MembershipWithUser,
} from '@toolplane/db';
import { allowedActions } from '../authorization/action-registry';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';

/** Members, and pending invitations for those who may manage them. */
export async function listMembers(
  ctx: WorkspaceContext,
): Promise<{ members: MembershipWithUser[]; invitations: Invitation[] }> {
  authorize(ctx, 'member.list');
  const members = await listMemberships(ctx.deps.db, ctx.workspace.id);
  const invitations = allowedActions(ctx.role).has('member.invite')
    ? await listInvitations(ctx.deps.db, ctx.workspace.id)
    : [];
  return { members, invitations };
}
