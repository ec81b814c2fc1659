import type { Db } from '../client';
import { type Invitation, invitationOmit } from './invitation-types';

/** Pending invitations (not accepted, revoked or expired), newest first. */
export async function listInvitations(
  db: Db,
  workspaceId: string,
  now: Date = new Date(),
): Promise<Invitation[]> {
  return db.invitation.findMany({
    where: { workspaceId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    omit: invitationOmit,
    orderBy: { createdAt: 'desc' },
  });
}
