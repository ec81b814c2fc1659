import { getMembership, type MemberRole, setMembershipRole } from '@toolplane/db';
import { z } from 'zod';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { parseInput } from '../parse-input';
import { ServiceError } from '../service-error';

export const ZSetMemberRoleInput = z.object({
  userId: z.string().min(1),
  role: z.enum(['owner', 'admin', 'editor', 'viewer'], 'Choose a role.'),
  expectedVersion: z.number().int().min(1).optional(),
});

/**
 * Changes a member's role. Only owners grant or take away ownership; the data layer keeps at
 * least one owner.
 */
export async function setMemberRole(
  ctx: WorkspaceContext,
  input: z.input<typeof ZSetMemberRoleInput>,
): Promise<{ role: MemberRole }> {
  authorize(ctx, 'member.set-role');
  const data = parseInput(ZSetMemberRoleInput, input);
  const current = await getMembership(ctx.deps.db, ctx.workspace.id, data.userId);
  if (!current) throw new ServiceError('NOT_FOUND', 'That person is not a member.');
  if ((data.role === 'owner' || current.role === 'owner') && ctx.role !== 'owner') {
    throw new ServiceError('FORBIDDEN', 'Only an owner can grant or remove ownership.');
  }
  const updated = await audited(
    ctx,
    (tx) => setMembershipRole(tx, ctx.workspace.id, data),
    (membership) => ({
      action: 'member.set-role',
      targetType: 'membership',
      targetId: membership.userId,
      before: { email: current.user.email, role: current.role },
      after: { email: membership.user.email, role: membership.role },
    }),
  );
  return { role: updated.role };
}
