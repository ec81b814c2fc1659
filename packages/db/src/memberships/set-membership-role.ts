import { type Db, withTransaction } from '../client';
import { DbError, notFound } from '../errors';
import type { MemberRole } from '../generated/prisma/enums';
import { notifyChange } from '../notify';
import { lockOwners } from './lock-owners';
import { type MembershipWithUser, membershipUserSelect } from './membership-types';

/**
 * Changes a member's role. CONFLICT when `expectedVersion` is stale or when it would leave the
 * workspace without an owner.
 */
export async function setMembershipRole(
  db: Db,
  workspaceId: string,
  input: { userId: string; role: MemberRole; expectedVersion?: number },
): Promise<MembershipWithUser> {
  return withTransaction(db, async (tx) => {
    const owners = await lockOwners(tx, workspaceId);
    const current = await tx.membership.findFirst({
      where: { workspaceId, userId: input.userId },
    });
    if (!current) throw notFound('membership');
    if (input.expectedVersion !== undefined && current.version !== input.expectedVersion) {
      throw new DbError('CONFLICT', 'the membership changed since you loaded it');
    }
    if (current.role === 'owner' && input.role !== 'owner' && owners.length <= 1) {
      throw new DbError('CONFLICT', 'a workspace must keep at least one owner');
    }
    const { count } = await tx.membership.updateMany({
      where: { id: current.id, workspaceId, version: current.version },
      data: { role: input.role, version: { increment: 1 } },
    });
    if (count === 0) throw new DbError('CONFLICT', 'the membership changed since you loaded it');
    await notifyChange(tx, { workspaceId, kind: 'workspace' });
    const updated = await tx.membership.findFirst({
      where: { id: current.id, workspaceId },
      include: { user: membershipUserSelect },
    });
    if (!updated) throw notFound('membership');
    return updated;
  });
}
