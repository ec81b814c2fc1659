import type { Db } from '../client';
import { notFound } from '../errors';

export async function revokeInvitation(
  db: Db,
  workspaceId: string,
  invitationId: string,
  now: Date = new Date(),
): Promise<void> {
  const { count } = await db.invitation.updateMany({
    where: { id: invitationId, workspaceId, acceptedAt: null, revokedAt: null },
    data: { revokedAt: now, version: { increment: 1 } },
  });
  if (count === 0) throw notFound('invitation');
}
