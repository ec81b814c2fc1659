import { listMembers } from '@toolplane/services';
import type { Metadata } from 'next';
import {
  InviteMemberForm,
  LeaveWorkspaceButton,
  MemberRoleSelect,
  RemoveMemberButton,
  RevokeInvitationButton,
} from '@/modules/members/components/member-forms';
import { loadWorkspacePage } from '@/modules/server/load-workspace-page';
import { Badge } from '@/modules/ui/components/badge';
import { DataTable, Td } from '@/modules/ui/components/data-table';
import { PageHeader } from '@/modules/ui/components/page-header';
import { Panel } from '@/modules/ui/components/panel';
import { formatDate } from '@/modules/ui/lib/format-date';

export const metadata: Metadata = { title: 'Members' };

export default async function MembersPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const page = await loadWorkspacePage(slug, 'member.list');
  const { members, invitations } = await listMembers(page.ctx);
  const canManage = page.can.has('member.set-role');
  const isOwner = page.ctx.role === 'owner';
  const me = page.ctx.actor.userId;
  const pending = invitations.filter(
    (i) => !i.acceptedAt && !i.revokedAt && i.expiresAt > new Date(),
  );
  return (
    <>
      <PageHeader
        title="Members"
        description="Who can see and change this workspace. Roles are checked on the server for every action."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <DataTable head={['Member', 'Role', 'Joined', '']}>
            {members.map((m) => (
              <tr key={m.userId}>
                <Td>
                  <div className="font-medium text-zinc-900 dark:text-zinc-100">
                    {m.user.name ?? m.user.email}
                    {m.userId === me ? (
                      <span className="ml-2">
                        <Badge tone="accent">You</Badge>
                      </span>
                    ) : null}
                  </div>
                  {m.user.name ? <div className="text-xs text-zinc-500">{m.user.email}</div> : null}
                </Td>
                <Td>
                  {canManage && m.userId !== me ? (
                    <MemberRoleSelect
                      slug={slug}
                      userId={m.userId}
                      email={m.user.email}
                      role={m.role}
                      version={m.version}
                      canGrantOwner={isOwner}
                    />
                  ) : (
                    <Badge>{m.role}</Badge>
                  )}
                </Td>
                <Td className="text-xs whitespace-nowrap text-zinc-500">
                  {formatDate(m.createdAt)}
                </Td>
                <Td>
                  {m.userId === me ? (
                    <LeaveWorkspaceButton slug={slug} />
                  ) : canManage && (m.role !== 'owner' || isOwner) ? (
                    <RemoveMemberButton slug={slug} userId={m.userId} email={m.user.email} />
                  ) : null}
                </Td>
              </tr>
            ))}
          </DataTable>
          {canManage ? (
            <div>
              <h2 className="mb-2 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
                Pending invitations
              </h2>
              {pending.length === 0 ? (
                <p className="text-sm text-zinc-500">No pending invitations.</p>
              ) : (
                <DataTable head={['Email', 'Role', 'Expires', '']}>
                  {pending.map((i) => (
                    <tr key={i.id}>
                      <Td>{i.email}</Td>
                      <Td>
                        <Badge>{i.role}</Badge>
                      </Td>
                      <Td className="text-xs text-zinc-500">{formatDate(i.expiresAt)}</Td>
                      <Td>
                        <RevokeInvitationButton slug={slug} invitationId={i.id} />
                      </Td>
                    </tr>
                  ))}
                </DataTable>
              )}
            </div>
          ) : null}
        </div>
        {page.can.has('member.invite') ? (
          <Panel
            title="Invite someone"
            description="Creates a link to send them; it works once, for 7 days."
          >
            <InviteMemberForm slug={slug} canInviteOwner={isOwner} />
          </Panel>
        ) : null}
      </div>
    </>
  );
}
