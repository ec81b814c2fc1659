import { createUser, createWorkspace, listAuditEvents, type Workspace } from '@toolplane/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceContext } from '../authorization/workspace-context';
import type { Mailer, MailMessage } from '../service-deps';
import { createServiceFixture, type ServiceFixture } from '../test-support/create-service-fixture';
import { inviteMember } from './invite-member';

let f: ServiceFixture;
let workspace: Workspace;
let userId: string;
const outbox: MailMessage[] = [];

function ctx(mailer: Mailer = { send: async (m) => void outbox.push(m) }): WorkspaceContext {
  return {
    deps: { ...f.deps, mailer },
    actor: { userId, requestId: 'req-1' },
    workspace,
    role: 'admin',
  };
}

// Not seedWorkspaces: the mail names the inviter and the workspace, so both are set here.
beforeAll(async () => {
  f = await createServiceFixture();
  const inviter = await createUser(f.db, { email: 'grace@example.com', name: 'Grace' });
  userId = inviter.id;
  workspace = await createWorkspace(f.db, f.deps.keyring, {
    slug: 'invites',
    name: 'Invites & Co',
    ownerUserId: userId,
  });
});
afterAll(() => f?.close());

describe('inviteMember', () => {
  it('mails the invitee the link with the role and who invited them', async () => {
    const result = await inviteMember(ctx(), {
      email: 'New.Person@Example.com',
      role: 'viewer',
      inviteUrl: (token) => `https://dash.example/invite/${token}`,
    });
    expect(result.mailed).toBe(true);
    expect(outbox).toEqual([
      {
        to: result.invitation.email,
        subject: 'Join Invites & Co on Toolplane',
        text: expect.stringContaining(`https://dash.example/invite/${result.token}`),
      },
    ]);
    expect(outbox[0]!.text).toContain('Grace (grace@example.com) invited you');
    expect(outbox[0]!.text).toContain('as a viewer');
  });

  it('keeps the invitation when mail fails, and mails nothing without a link', async () => {
    const failing = await inviteMember(
      ctx({
        send: async () => {
          throw new Error('SMTP refused');
        },
      }),
      { email: 'second@example.com', role: 'editor', inviteUrl: (t) => `https://x/invite/${t}` },
    );
    expect(failing).toMatchObject({ mailed: false, invitation: { email: 'second@example.com' } });
    const events = await listAuditEvents(f.db, workspace.id, { targetId: failing.invitation.id });
    expect(events).toHaveLength(1);

    const before = outbox.length;
    const linkOnly = await inviteMember(ctx(), { email: 'third@example.com', role: 'editor' });
    expect(linkOnly.mailed).toBe(false);
    expect(outbox).toHaveLength(before);
  });

  it('refuses a bad address before anything is stored or sent', async () => {
    const before = outbox.length;
    await expect(
      inviteMember(ctx(), {
        email: 'x@y\r\nBcc: all@example.com',
        role: 'viewer',
        inviteUrl: String,
      }),
    ).rejects.toMatchObject({ code: 'INVALID', fieldErrors: { email: expect.any(String) } });
    expect(outbox).toHaveLength(before);
  });
});
