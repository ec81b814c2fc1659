import { bumpSessionVersion, getMembership, removeMembership } from '@toolplane/db';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { ServiceError } from '../service-error';

/**
 * Removes a member (or, with `self`, leaves). Their sessions end too (session version), so an
 * open tab cannot keep acting; the last owner cannot leave or be removed.
 */
export async function removeMember(
  ctx: WorkspaceContext,
  input: { userId: string },
): Promise<void> {
  const self = input.userId === ctx.actor.userId;
  authorize(ctx, self ? 'member.leave' : 'member.remove');
  const current = await getMembership(ctx.deps.db, ctx.workspace.id, input.userId);
  if (!current) throw new ServiceError('NOT_FOUND', 'That person is not a member.');
  if (!self && current.role === 'owner' && ctx.role !== 'owner') {
    throw new ServiceError('FORBIDDEN', 'Only an owner can remove an owner.');
  }
  await audited(
    ctx,
    async (tx) => {
      await removeMembership(tx, ctx.workspace.id, input.userId);
      if (!self) await bumpSessionVersion(tx, input.userId);
    },
    () => ({
      action: self ? 'member.leave' : 'member.remove',
      targetType: 'membership',
      targetId: input.userId,
      before: { email: current.user.email, role: current.role },
    }),
  );
}
