import { type Db, withTransaction } from '../client';
import { DbError, notFound } from '../errors';
import { notifyChange } from '../notify';
import { lockOwners } from './lock-owners';

/** Removes a member; CONFLICT when they are the last owner. */
export async function removeMembership(db: Db, workspaceId: string, userId: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    const owners = await lockOwners(tx, workspaceId);
    if (owners.length === 1 && owners[0] === userId) {
      throw new DbError('CONFLICT', 'a workspace must keep at least one owner');
    }
    const { count } = await tx.membership.deleteMany({ where: { workspaceId, userId } });
    if (count === 0) throw notFound('membership');
    await notifyChange(tx, { workspaceId, kind: 'workspace' });
  });
}
