import { createInvitation, getUser, type Invitation } from '@toolplane/db';
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
 * An invitation link with a role (shown once, to copy) and, when the edge can build the link
 * (`inviteUrl`), the same link mailed to the invitee. Only owners may invite owners: an admin
 * cannot create someone with more rights than their own. `mailed` is false when no mail went:
 * the invitation stands either way, and the inviter still has the link to send themselves.
 */
export async function inviteMember(
  ctx: WorkspaceContext,
  input: z.input<typeof ZInviteMemberInput> & {
    /** The link for a token, or null when the edge cannot build one safely (nothing is mailed). */
    inviteUrl?: (token: string) => string | null | Promise<string | null>;
  },
): Promise<{ invitation: Invitation; token: string; mailed: boolean }> {
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
  const mailed = input.inviteUrl
    ? await mailInvitation(ctx, invitation, () => input.inviteUrl!(plaintext))
    : false;
  return { invitation, token: plaintext, mailed };
}

async function mailInvitation(
  ctx: WorkspaceContext,
  invitation: Invitation,
  linkFor: () => string | null | Promise<string | null>,
): Promise<boolean> {
  try {
    const link = await linkFor();
    if (link === null) return false;
    const inviter = await getUser(ctx.deps.db, ctx.actor.userId);
    const who = inviter
      ? inviter.name
        ? `${inviter.name} (${inviter.email})`
        : inviter.email
      : 'A teammate';
    await ctx.deps.mailer.send({
      to: invitation.email,
      subject: `Join ${ctx.workspace.name} on Toolplane`,
      text: `${who} invited you to the ${ctx.workspace.name} workspace on Toolplane as ${ROLE_NAMES[invitation.role]}.\n\nAccept within 7 days (the link works once):\n${link}\n\nIf you did not expect this, ignore this message.`,
    });
    return true;
  } catch (error) {
    // The mailer's errors carry neither the link nor the message (see createSmtpMailer).
    console.error(
      `toolplane: invitation mail failed (request ${ctx.actor.requestId}): ${error instanceof Error ? error.message : 'unknown error'}`,
    );
    return false;
  }
}

const ROLE_NAMES = {
  owner: 'an owner',
  admin: 'an admin',
  editor: 'an editor',
  viewer: 'a viewer',
};
