import type { Db } from '../client';
import { type MembershipWithUser, membershipUserSelect } from './membership-types';

export async function listMemberships(db: Db, workspaceId: string): Promise<MembershipWithUser[]> {
  return db.membership.findMany({
    where: { workspaceId },
    include: { user: membershipUserSelect },
    orderBy: { createdAt: 'asc' },
  });
}
