import { newId, type Workspace } from '@toolplane/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../service-error';
import { createServiceFixture, type ServiceFixture } from '../test-support/create-service-fixture';
import { type SeededWorkspaces, seedWorkspaces } from '../test-support/seed-workspaces';
import { encodeAuditCursor } from './audit-cursor';
import { listAudit } from './list-audit';

let f: ServiceFixture;
let a: Workspace;
let b: Workspace;
let ctx: SeededWorkspaces['ctx'];
let email: string;
/** Every event in A, whatever created it (workspace creation records some too). */
let allOfA: string[] = [];

async function walk(
  workspace: Workspace,
  options: { limit: number; targetType?: string },
): Promise<{ ids: string[]; pages: number[] }> {
  const ids: string[] = [];
  const pages: number[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof listAudit>> = await listAudit(ctx(workspace), {
      ...options,
      cursor,
    });
    pages.push(page.items.length);
    ids.push(...page.items.map((e) => e.id));
    cursor = page.nextCursor;
  } while (cursor);
  return { ids, pages };
}

beforeAll(async () => {
  f = await createServiceFixture();
  const { owner, ...seeded } = await seedWorkspaces(f.deps);
  ({ a, b, ctx } = seeded);
  email = owner.email;

  // 250 events in A, in groups of 9 sharing a millisecond (so pages end mid-group and the id
  // tie-break decides), alternating target types; B gets look-alikes at the same instants.
  const base = Date.now() - 3_600_000;
  const rows = [];
  for (let i = 0; i < 250; i++) {
    const createdAt = new Date(base + Math.floor(i / 9));
    const row = {
      action: i % 2 ? 'tool.update' : 'secret.rotate',
      targetType: i % 2 ? 'tool' : 'secret',
      targetId: `t${i}`,
      actorUserId: owner.id,
      createdAt,
    };
    rows.push({ ...row, id: newId('aud', createdAt.getTime()), workspaceId: a.id });
    if (i % 3 === 0)
      rows.push({ ...row, id: newId('aud', createdAt.getTime()), workspaceId: b.id });
  }
  await f.db.auditEvent.createMany({ data: rows });
  const stored = await f.db.auditEvent.findMany({
    where: { workspaceId: a.id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true },
  });
  allOfA = stored.map((e) => e.id);
}, 60_000);

afterAll(() => f?.close());

describe('listAudit', () => {
  it('walks every event exactly once, newest first, past the old 100-event cap', async () => {
    expect(allOfA.length).toBeGreaterThanOrEqual(250);
    for (const limit of [1, 7, 200]) {
      const { ids, pages } = await walk(a, { limit });
      expect(ids).toEqual(allOfA);
      expect(pages.slice(0, -1).every((n) => n === limit)).toBe(true);
    }
    const first = await listAudit(ctx(a), { limit: 3 });
    expect(first.items[0]).toMatchObject({ actorEmail: email });
  });

  it('keeps the target filter across pages and caps a page at 200', async () => {
    const tools = await walk(a, { limit: 10, targetType: 'tool' });
    expect(tools.ids).toHaveLength(125);
    expect(new Set(tools.ids).size).toBe(125);
    const big = await listAudit(ctx(a), { limit: 10_000 });
    expect(big.items).toHaveLength(200);
    expect(big.nextCursor).not.toBeNull();
  });

  it('rejects a forged cursor as INVALID on `cursor`, and never crosses workspaces', async () => {
    const forged = [
      'not a cursor',
      "' OR 1=1 --",
      Buffer.from('2026-01-01T00:00:00.000Z|aud_x; DROP TABLE audit_events').toString('base64url'),
      Buffer.from(`yesterday|${allOfA[0]}`).toString('base64url'),
      Buffer.from(`2026-01-01T00:00:00.000Z|${allOfA[0]}|x`).toString('base64url'),
      'A'.repeat(600),
    ];
    for (const cursor of forged) {
      const error = await listAudit(ctx(a), { cursor }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ code: 'INVALID', fieldErrors: { cursor: expect.any(String) } });
    }
    // A well-formed cursor built from A's newest event, replayed in B, still only reads B.
    const newestOfA = await f.db.auditEvent.findUniqueOrThrow({ where: { id: allOfA[0]! } });
    const replay = await listAudit(ctx(b), {
      cursor: encodeAuditCursor({ createdAt: new Date(Date.now()), id: newestOfA.id }),
      limit: 200,
    });
    expect(replay.items.length).toBeGreaterThan(0);
    expect(replay.items.every((e) => e.workspaceId === b.id)).toBe(true);
  });

  it('is refused to roles without audit.list', async () => {
    await expect(listAudit(ctx(a, 'viewer'))).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
