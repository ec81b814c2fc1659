'use server';

import {
  acceptInvitation,
  inviteMember,
  removeMember,
  revokeInvitation,
  ServiceError,
  setMemberRole,
} from '@toolplane/services';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { linkOrigin } from '../../lib/link-origin';
import type { ActionState } from '../server/action-state';
import { defineUserAction, defineWorkspaceAction } from '../server/define-action';
import { readFormNumber, readFormText } from '../server/read-form';
import { getServiceDeps } from '../server/service-deps';

/** The invitation link's token, once: only its hash is stored. */
export type CreatedInvitation = { token: string; email: string; role: string };

function formError<T = unknown>(error: unknown, values?: Record<string, string>): ActionState<T> {
  if (error instanceof ServiceError)
    return {
      code: error.code,
      fieldErrors: { ...error.fieldErrors },
      formMessage: { tone: 'error', text: error.message },
      ...(values ? { values } : {}),
    };
  throw error;
}

export const inviteMemberAction = defineWorkspaceAction(
  'member.invite',
  async (ctx, formData): Promise<ActionState<CreatedInvitation>> => {
    const values = { email: readFormText(formData, 'email'), role: readFormText(formData, 'role') };
    try {
      const { invitation, token, mailed } = await inviteMember(ctx, {
        // The service parses email and role (field errors); the form posts them as text.
        ...(values as { email: string; role: 'viewer' }),
        inviteUrl: async (t) => {
          const origin = await linkOrigin();
          return origin && `${origin}/invite/${encodeURIComponent(t)}`;
        },
      });
      revalidatePath(`/w/${ctx.workspace.slug}/members`);
      return {
        ok: true,
        data: { token, email: invitation.email, role: invitation.role },
        formMessage: {
          tone: 'success',
          text: mailed
            ? `Invitation emailed to ${invitation.email}. You can also send them the link; it works once, for 7 days.`
            : `Invitation for ${invitation.email} created, but not emailed. Send them the link; it works once, for 7 days.`,
        },
      };
    } catch (error) {
      return formError(error, values);
    }
  },
);

export const revokeInvitationAction = defineWorkspaceAction(
  'member.revoke-invitation',
  async (ctx, formData) => {
    const id = readFormText(formData, 'invitationId');
    if (!id)
      return { code: 'INVALID', formMessage: { tone: 'error', text: 'No invitation chosen.' } };
    await revokeInvitation(ctx, id);
    revalidatePath(`/w/${ctx.workspace.slug}/members`);
    return { ok: true };
  },
);

export const setMemberRoleAction = defineWorkspaceAction(
  'member.set-role',
  async (ctx, formData) => {
    try {
      const expectedVersion = readFormNumber(formData, 'expectedVersion');
      const { role } = await setMemberRole(ctx, {
        userId: readFormText(formData, 'userId'),
        role: readFormText(formData, 'role') as never,
        ...(expectedVersion === undefined ? {} : { expectedVersion }),
      });
      revalidatePath(`/w/${ctx.workspace.slug}/members`);
      return { ok: true, formMessage: { tone: 'success', text: `Role changed to ${role}.` } };
    } catch (error) {
      return formError(error);
    }
  },
);

export const removeMemberAction = defineWorkspaceAction('member.remove', async (ctx, formData) => {
  const userId = readFormText(formData, 'userId');
  if (!userId || userId === ctx.actor.userId)
    return {
      code: 'INVALID',
      formMessage: { tone: 'error', text: 'Choose a member to remove (to leave, use Leave).' },
    };
  try {
    await removeMember(ctx, { userId });
  } catch (error) {
    return formError(error);
  }
  revalidatePath(`/w/${ctx.workspace.slug}/members`);
  return { ok: true };
});

/** Leaving needs `confirm=leave`, so a stray post cannot take anyone out of a workspace. */
export const leaveWorkspaceAction = defineWorkspaceAction('member.leave', async (ctx, formData) => {
  if (readFormText(formData, 'confirm') !== 'leave')
    return {
      code: 'INVALID',
      formMessage: { tone: 'error', text: 'Confirm that you want to leave.' },
    };
  try {
    await removeMember(ctx, { userId: ctx.actor.userId });
  } catch (error) {
    return formError(error);
  }
  redirect('/');
});

export const acceptInvitationAction = defineUserAction(
  'invitation.accept',
  async (user, formData) => {
    const token = readFormText(formData, 'token');
    if (!token)
      return {
        code: 'NOT_FOUND',
        formMessage: { tone: 'error', text: 'This invitation link is not valid.' },
      };
    let slug: string;
    try {
      ({ slug } = await acceptInvitation(getServiceDeps(), user, token));
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'NOT_FOUND')
        return {
          code: error.code,
          formMessage: {
            tone: 'error',
            text: 'This invitation was already used, revoked or has expired. Ask for a new link.',
          },
        };
      throw error;
    }
    redirect(`/w/${slug}/tools`);
  },
);
