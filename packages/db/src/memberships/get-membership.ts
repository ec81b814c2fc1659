import type { Db } from '../client';
import { type MembershipWithUser, membershipUserSelect } from './membership-types';

/** The user's membership of the workspace, or null: the basis of every authorization check. */
export async function getMembership(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<MembershipWithUser | null> {
  return db.membership.findFirst({
    where: { workspaceId, userId },
    include: { user: membershipUserSelect },
  });
}
