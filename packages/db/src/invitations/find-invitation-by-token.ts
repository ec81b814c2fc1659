import { hashToken } from '../api-tokens/token-secret';
import type { Db } from '../client';
import { type Invitation, invitationOmit } from './invitation-types';

/** A pending invitation by its link token (global: the token identifies the workspace). */
export async function findInvitationByToken(
  db: Db,
  plaintext: string,
  now: Date = new Date(),
): Promise<(Invitation & { workspace: { name: string; slug: string } }) | null> {
  return db.invitation.findFirst({
    where: {
      tokenHash: hashToken(plaintext),
      acceptedAt: null,
      revokedAt: null,
      expiresAt: { gt: now },
    },
    omit: invitationOmit,
    include: { workspace: { select: { name: true, slug: true } } },
  });
}
