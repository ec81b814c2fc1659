import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbFixture, type DbFixture } from '../test-support/create-db-fixture';
import { deleteWorkspace } from '../workspace-deletion/delete-workspace';
import { updateWorkspaceSettings } from '../workspaces/update-workspace-settings';
import { type InvocationInput, insertInvocations } from './insert-invocations';
import { listInvocations } from './list-invocations';
import { pruneInvocations } from './prune-invocations';

let f: DbFixture;
const now = new Date('2031-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

function call(
  workspaceId: string,
  toolName: string,
  createdAt: Date,
  extra: Partial<InvocationInput> = {},
): InvocationInput {
  return {
    workspaceId,
    toolName,
    status: 'ok',
    durationMs: 3,
    requestId: `req-${Math.random()}`,
    createdAt,
    ...extra,
  };
}

beforeAll(async () => {
  f = await createDbFixture();
  await updateWorkspaceSettings(f.db, f.a.id, { expectedVersion: 1, invocationRetentionDays: 7 });
  const batch: InvocationInput[] = [];
  for (let i = 0; i < 5; i++) batch.push(call(f.a.id, 'get_user', daysAgo(i * 3)));
  batch.push(
    call(f.a.id, 'hello', daysAgo(0), {
      status: 'error',
      errorCode: '-32000',
      errorStage: 'execution',
      errorMessage: 'boom',
      stageTimings: { execute: 2.5 },
      console: [{ level: 'log', args: ['x'] }],
    }),
  );
  for (let i = 0; i < 3; i++) batch.push(call(f.b.id, 'get_user', daysAgo(i * 10)));
  expect(await insertInvocations(f.db, batch)).toBe(9);
});
afterAll(() => f.close());

describe('invocations', () => {
  it('lists one workspace, newest first, filtered and paginated', async () => {
    const all = await listInvocations(f.db, f.a.id, { limit: 100 });
    expect(all.items).toHaveLength(6);
    expect(all.items.every((i) => i.workspaceId === f.a.id)).toBe(true);
    expect(all.nextCursor).toBeNull();
    const errors = await listInvocations(f.db, f.a.id, { status: 'error' });
    expect(errors.items).toMatchObject([
      { toolName: 'hello', errorStage: 'execution', stageTimings: { execute: 2.5 } },
    ]);

    const page1 = await listInvocations(f.db, f.a.id, { toolName: 'get_user', limit: 2 });
    const page2 = await listInvocations(f.db, f.a.id, {
      toolName: 'get_user',
      limit: 2,
      cursor: page1.nextCursor,
    });
    const page3 = await listInvocations(f.db, f.a.id, {
      toolName: 'get_user',
      limit: 2,
      cursor: page2.nextCursor,
    });
    const ids = [...page1.items, ...page2.items, ...page3.items].map((i) => i.createdAt.getTime());
    expect(ids).toEqual([0, 3, 6, 9, 12].map((d) => daysAgo(d).getTime()));
    expect(page3.nextCursor).toBeNull();

    // A time range: `since` inclusive, `until` exclusive.
    const range = await listInvocations(f.db, f.a.id, {
      toolName: 'get_user',
      since: daysAgo(9),
      until: daysAgo(3),
    });
    expect(range.items.map((i) => i.createdAt.getTime())).toEqual(
      [6, 9].map((d) => daysAgo(d).getTime()),
    );
  });

  it('prunes by each workspace’s retention', async () => {
    // A keeps 7 days: the rows 9 and 12 days old go. B keeps 30 (default): nothing goes.
    expect(await pruneInvocations(f.db, { now, workspaceId: f.b.id })).toBe(0);
    expect(await pruneInvocations(f.db, { now })).toBe(2);
    expect((await listInvocations(f.db, f.a.id, { limit: 100 })).items).toHaveLength(4);
    expect((await listInvocations(f.db, f.b.id, { limit: 100 })).items).toHaveLength(3);
    expect(
      await pruneInvocations(f.db, {
        now: new Date(now.getTime() + 40 * 86_400_000),
        workspaceId: f.b.id,
      }),
    ).toBe(3);
    expect((await listInvocations(f.db, f.a.id, { limit: 100 })).items).toHaveLength(4);
  });

  it('has no key to workspaces: rows written for a deleted workspace are pruned as orphans', async () => {
    // What a runtime flushing its queue after the workspace was deleted writes.
    expect(
      await insertInvocations(f.db, [
        call('ws_deleted_meanwhile', 'get_user', now),
        call('ws_deleted_meanwhile', 'get_user', now),
      ]),
    ).toBe(2);
    const before = {
      a: (await listInvocations(f.db, f.a.id, { limit: 100 })).items.length,
      b: (await listInvocations(f.db, f.b.id, { limit: 100 })).items.length,
    };
    // Nothing here is past retention at `now`, so only the two orphans go.
    expect(await pruneInvocations(f.db, { now })).toBe(2);
    expect((await listInvocations(f.db, 'ws_deleted_meanwhile', { limit: 10 })).items).toEqual([]);
    expect((await listInvocations(f.db, f.a.id, { limit: 100 })).items).toHaveLength(before.a);
    expect((await listInvocations(f.db, f.b.id, { limit: 100 })).items).toHaveLength(before.b);
  });

  it('deleteWorkspace deletes the workspace’s log and no other', async () => {
    await insertInvocations(f.db, [call(f.b.id, 'get_user', now), call(f.b.id, 'x', now)]);
    const aBefore = (await listInvocations(f.db, f.a.id, { limit: 100 })).items.length;
    await deleteWorkspace(f.db, f.b.id);
    expect((await listInvocations(f.db, f.b.id, { limit: 100 })).items).toEqual([]);
    expect((await listInvocations(f.db, f.a.id, { limit: 100 })).items).toHaveLength(aBefore);
  });
});
