import { createInvitation, type Invitation } from '@toolplane/db';
import { z } from 'zod';
import { audited } from '../audit/audited';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { parseInput } from '../parse-input';
import { ServiceError } from '../service-error';

export const ZInviteMemberInput = z.object({
  email: z.string().trim().pipe(z.email('Enter a valid email address.')),
  role: z.enum(['owner', 'admin', 'editor', 'viewer'], 'Choose a role.'),
});

const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60_000;

/**
 * An invitation link with a role (shown once, to copy). Only owners may invite owners: an admin
 * cannot create someone with more rights than their own.
 */
export async function inviteMember(
  ctx: WorkspaceContext,
  input: z.input<typeof ZInviteMemberInput>,
): Promise<{ invitation: Invitation; token: string }> {
  authorize(ctx, 'member.invite');
  const data = parseInput(ZInviteMemberInput, input);
  if (data.role === 'owner' && ctx.role !== 'owner') {
    const message = 'Only an owner can invite another owner.';
    throw new ServiceError('FORBIDDEN', message, { fieldErrors: { role: message } });
  }
  const { invitation, plaintext } = await audited(
    ctx,
    (tx) =>
      createInvitation(tx, ctx.workspace.id, {
        email: data.email,
        role: data.role,
        invitedById: ctx.actor.userId,
        expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
      }),
    (result) => ({
      action: 'member.invite',
      targetType: 'invitation',
      targetId: result.invitation.id,
      after: { email: result.invitation.email, role: result.invitation.role },
    }),
  );
  return { invitation, token: plaintext };
}
