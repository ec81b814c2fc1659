import type { Invitation as InvitationRow } from '../generated/prisma/client';

/** An invitation as listed: the token hash stays in the database. */
export type Invitation = Omit<InvitationRow, 'tokenHash'>;
export const invitationOmit = { tokenHash: true } as const;
