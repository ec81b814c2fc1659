import { type Db, withTransaction } from '../client';
import type { MemberRole } from '../generated/prisma/enums';
import { newId } from '../ids';
import { notifyChange } from '../notify';
import { guard } from '../prisma-errors';
import { type MembershipWithUser, membershipUserSelect } from './membership-types';

/** Adds a user to the workspace; ALREADY_EXISTS when they are a member already. */
export async function addMembership(
  db: Db,
  workspaceId: string,
  input: { userId: string; role: MemberRole },
): Promise<MembershipWithUser> {
  return withTransaction(db, async (tx) => {
    const membership = await guard(
      tx.membership.create({
        data: { id: newId('mem'), workspaceId, userId: input.userId, role: input.role },
        include: { user: membershipUserSelect },
      }),
      'membership',
    );
    await notifyChange(tx, { workspaceId, kind: 'workspace' });
    return membership;
  });
}
