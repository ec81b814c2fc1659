import { randomBytes } from 'node:crypto';
import {
  addMembership,
  createUser,
  createWorkspace,
  type MemberRole,
  setSecret,
  type Workspace,
} from '@toolplane/db';
import { openWorkspace, type WorkspaceContext } from '@toolplane/services';
import { createServiceFixture, type ServiceFixture } from '@toolplane/services/test-support';
import pg from 'pg';

export interface GitopsFixture extends ServiceFixture {
  /** Two tenants; every role is a member of `a`, only the owner of `b`. */
  a: Workspace;
  b: Workspace;
  users: Record<MemberRole | 'stranger', string>;
  ctx(role: MemberRole | 'stranger', workspace?: 'a' | 'b'): Promise<WorkspaceContext>;
  /** A new, empty workspace owned by the owner, and the owner's context in it. */
  freshWorkspace(slug: string): Promise<WorkspaceContext>;
  sql<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function createGitopsFixture(): Promise<GitopsFixture> {
  const fixture = await createServiceFixture({}, { connections: 4 });
  const { database, db, deps } = fixture;
  const { keyring } = deps;
  const users = {} as Record<MemberRole | 'stranger', string>;
  for (const role of ['owner', 'admin', 'editor', 'viewer', 'stranger'] as const) {
    users[role] = (
      await createUser(db, { email: `${role}-${randomBytes(3).toString('hex')}@example.com` })
    ).id;
  }
  const a = await createWorkspace(db, keyring, {
    slug: 'acme',
    name: 'Acme',
    ownerUserId: users.owner,
  });
  const b = await createWorkspace(db, keyring, {
    slug: 'globex',
    name: 'Globex',
    ownerUserId: users.owner,
  });
  for (const role of ['admin', 'editor', 'viewer'] as const) {
    await addMembership(db, a.id, { userId: users[role], role });
  }
  const stranger = await createWorkspace(db, keyring, {
    slug: 'initech',
    name: 'Initech',
    ownerUserId: users.stranger,
  });
  for (const workspace of [a, b, stranger]) {
    for (const name of ['MAIN_DATABASE_URL', 'CACHE_URL', 'PARTNER_KEY']) {
      await setSecret(db, keyring, workspace.id, { name, value: `value-of-${name}` });
    }
  }
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  return {
    ...fixture,
    a,
    b,
    users,
    ctx: (role, workspace = 'a') =>
      openWorkspace(
        deps,
        { userId: users[role], requestId: `test-${role}` },
        workspace === 'a' ? a.slug : b.slug,
        'workspace.read',
      ),
    freshWorkspace: async (slug) => {
      await createWorkspace(db, keyring, { slug, name: slug, ownerUserId: users.owner });
      return openWorkspace(
        deps,
        { userId: users.owner, requestId: 'test-owner' },
        slug,
        'workspace.read',
      );
    },
    sql: async (text, values) => (await pool.query(text, values)).rows,
    close: async () => {
      await pool.end();
      await fixture.close();
    },
  };
}
