import type { MembershipWithUser } from '@toolplane/db';
import {
  inviteMember,
  listMembers,
  removeMember,
  revokeInvitation,
  setMemberRole,
  ZInviteMemberInput,
  ZSetMemberRoleInput,
} from '@toolplane/services';
import { z } from 'zod';
import { defineApiRoute } from '../api-route';
import { pageOf, paginate, ZPageQuery } from '../http/paginate';
import { ZInvitation, ZMember } from '../schemas/entity-schemas';
import { notFound, ZVersion, ZWorkspaceParams } from './route-helpers';

const ZMemberParams = ZWorkspaceParams.extend({ userId: z.string().max(64) });

function member(m: MembershipWithUser) {
  return {
    id: m.userId,
    email: m.user.email,
    name: m.user.name,
    role: m.role,
    version: m.version,
    joinedAt: m.createdAt,
  };
}

export const memberRoutes = [
  defineApiRoute({
    method: 'GET',
    path: '/workspaces/{workspace}/members',
    operationId: 'listMembers',
    summary: 'The workspace’s members and their roles',
    tag: 'Members',
    action: 'member.list',
    params: ZWorkspaceParams,
    query: ZPageQuery,
    response: pageOf(ZMember),
    async handler({ workspace, query }) {
      const { members } = await listMembers(workspace);
      return paginate(members.map(member), query);
    },
  }),
  defineApiRoute({
    method: 'PATCH',
    path: '/workspaces/{workspace}/members/{userId}',
    operationId: 'setMemberRole',
    summary: 'Change a member’s role',
    description: 'Only owners grant or take away ownership; a workspace keeps at least one owner.',
    tag: 'Members',
    action: 'member.set-role',
    params: ZMemberParams,
    body: ZSetMemberRoleInput.pick({ role: true }).extend({ version: ZVersion }),
    response: ZMember,
    versioned: true,
    async handler({ workspace, params, body, expectedVersion }) {
      await setMemberRole(workspace, {
        userId: params.userId,
        role: body.role,
        expectedVersion: expectedVersion ?? undefined,
      });
      const { members } = await listMembers(workspace);
      const updated = members.find((m) => m.userId === params.userId);
      if (!updated) throw notFound('Member');
      return member(updated);
    },
  }),
  defineApiRoute({
    method: 'DELETE',
    path: '/workspaces/{workspace}/members/{userId}',
    operationId: 'removeMember',
    summary: 'Remove a member (or leave, with your own user id)',
    tag: 'Members',
    // Everyone may leave; removing someone else is checked as member.remove by the service.
    action: 'member.leave',
    params: ZMemberParams,
    response: null,
    async handler({ workspace, params }) {
      await removeMember(workspace, { userId: params.userId });
      return undefined;
    },
  }),
  defineApiRoute({
    method: 'POST',
    path: '/workspaces/{workspace}/invitations',
    operationId: 'inviteMember',
    summary: 'Invite someone by email with a role (the link is shown once)',
    tag: 'Members',
    action: 'member.invite',
    params: ZWorkspaceParams,
    body: ZInviteMemberInput,
    response: z
      .object({ inviteUrl: z.string(), invitation: ZInvitation })
      .meta({ id: 'CreatedInvitation' }),
    status: 201,
    idempotent: true,
    async handler({ workspace, body, request, linkOrigin }) {
      const link = (origin: string) => (token: string) =>
        `${origin}/invite/${encodeURIComponent(token)}`;
      // The service mails the link to the invitee when a trusted origin is known, as the
      // dashboard does; the caller always gets it back, at the origin they called.
      const { invitation, token } = await inviteMember(workspace, {
        ...body,
        ...(linkOrigin ? { inviteUrl: link(linkOrigin) } : {}),
      });
      return { inviteUrl: link(linkOrigin ?? new URL(request.url).origin)(token), invitation };
    },
  }),
  defineApiRoute({
    method: 'DELETE',
    path: '/workspaces/{workspace}/invitations/{id}',
    operationId: 'revokeInvitation',
    summary: 'Revoke a pending invitation',
    tag: 'Members',
    action: 'member.revoke-invitation',
    params: ZWorkspaceParams.extend({ id: z.string().max(64) }),
    response: null,
    async handler({ workspace, params }) {
      await revokeInvitation(workspace, params.id);
      return undefined;
    },
  }),
];
