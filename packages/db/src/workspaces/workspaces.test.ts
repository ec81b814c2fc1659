import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbError } from '../errors';
import { listMemberships } from '../memberships/list-memberships';
import { createDbFixture, type DbFixture, rejection } from '../test-support/create-db-fixture';
import { createUser } from '../users/create-user';
import { createWorkspace } from './create-workspace';
import { getWorkspace } from './get-workspace';
import { getWorkspaceBySlug } from './get-workspace-by-slug';
import { listWorkspacesForUser } from './list-workspaces-for-user';
import { updateWorkspaceSettings } from './update-workspace-settings';

let f: DbFixture;
beforeAll(async () => {
  f = await createDbFixture();
});
afterAll(() => f.close());

describe('workspaces', () => {
  it('creates a workspace with an owner membership and its own wrapped data key', async () => {
    expect(f.a.id).toMatch(/^ws_[0-9a-z]{26}$/);
    expect(f.a).not.toHaveProperty('wrappedDataKey');
    expect(f.a).toMatchObject({
      slug: 'acme',
      version: 1,
      errorStyle: 'jsonrpc',
      egressAllowList: [],
    });
    const members = await listMemberships(f.db, f.a.id);
    expect(members.map((m) => [m.userId, m.role])).toEqual([[f.owner.id, 'owner']]);

    const keys = await f.sql<{ id: string; wrapped_data_key: string }>(
      'SELECT id, wrapped_data_key FROM workspaces ORDER BY id',
    );
    expect(keys).toHaveLength(2);
    for (const row of keys)
      expect(row.wrapped_data_key).toMatch(new RegExp(`^v1\\.${f.master.id}\\.`));
    expect(keys[0]?.wrapped_data_key).not.toBe(keys[1]?.wrapped_data_key);
    const [dataKeyA, dataKeyB] = keys.map((row) => f.keyring.unwrap(row.id, row.wrapped_data_key));
    expect(Buffer.from(dataKeyA!).equals(Buffer.from(dataKeyB!))).toBe(false);
  });

  it('refuses a taken or malformed slug', async () => {
    const taken = await rejection(
      createWorkspace(f.db, f.keyring, { slug: 'acme', name: 'Again', ownerUserId: f.owner.id }),
    );
    expect(taken).toBeInstanceOf(DbError);
    expect(taken).toMatchObject({ code: 'ALREADY_EXISTS', fields: ['slug'] });
    const bad = await rejection(
      createWorkspace(f.db, f.keyring, { slug: 'Not A Slug', name: 'x', ownerUserId: f.owner.id }),
    );
    expect(bad).toMatchObject({ code: 'INVALID', fields: ['slug'] });
  });

  it('finds workspaces by id and slug, and lists a user’s workspaces', async () => {
    expect((await getWorkspace(f.db, f.b.id))?.slug).toBe('globex');
    expect((await getWorkspaceBySlug(f.db, 'acme'))?.id).toBe(f.a.id);
    expect(await getWorkspaceBySlug(f.db, 'nope')).toBeNull();
    const mine = await listWorkspacesForUser(f.db, f.owner.id);
    expect(mine.map((m) => [m.workspace.slug, m.role])).toEqual(
      expect.arrayContaining([
        ['acme', 'owner'],
        ['globex', 'owner'],
      ]),
    );
    const stranger = await createUser(f.db, { email: 'stranger@example.com' });
    expect(await listWorkspacesForUser(f.db, stranger.id)).toEqual([]);
  });

  it('updates settings with a version check, touching only that workspace', async () => {
    const before = (await getWorkspace(f.db, f.b.id))!;
    const updated = await updateWorkspaceSettings(f.db, f.a.id, {
      expectedVersion: 1,
      errorStyle: 'result',
      rateLimitPerMinute: 60,
      egressAllowList: ['api.example.com', '*.internal.example'],
    });
    expect(updated).toMatchObject({
      version: 2,
      errorStyle: 'result',
      rateLimitPerMinute: 60,
      egressAllowList: ['api.example.com', '*.internal.example'],
    });
    expect(await getWorkspace(f.db, f.b.id)).toEqual(before);

    const stale = await rejection(
      updateWorkspaceSettings(f.db, f.a.id, { expectedVersion: 1, recordPayloads: true }),
    );
    expect(stale).toMatchObject({ code: 'CONFLICT' });
    expect((await getWorkspace(f.db, f.a.id))?.recordPayloads).toBe(false);

    const invalid = await rejection(
      updateWorkspaceSettings(f.db, f.a.id, { expectedVersion: 2, scriptMemoryMb: 0 }),
    );
    expect(invalid).toMatchObject({ code: 'INVALID', fields: ['scriptMemoryMb'] });
    const unknown = await rejection(
      updateWorkspaceSettings(f.db, f.a.id, {
        expectedVersion: 2,
        wrappedDataKey: 'x',
      } as unknown as Parameters<typeof updateWorkspaceSettings>[2]),
    );
    expect(unknown).toMatchObject({ code: 'INVALID' });

    const missing = await rejection(
      updateWorkspaceSettings(f.db, 'ws_missing', { expectedVersion: 1, name: 'x' }),
    );
    expect(missing).toMatchObject({ code: 'NOT_FOUND' });
  });
});
