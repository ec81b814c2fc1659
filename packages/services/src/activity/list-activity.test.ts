import {
  createWorkspace,
  type InvocationInput,
  insertInvocations,
  type Workspace,
} from '@toolplane/db';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServiceFixture, type ServiceFixture } from '../test-support/create-service-fixture';
import { type SeededWorkspaces, seedWorkspaces } from '../test-support/seed-workspaces';
import { decodeActivityCursor, encodeActivityCursor } from './activity-cursor';
import { listActivity } from './list-activity';

let f: ServiceFixture;
let seeded: SeededWorkspaces;
let a: Workspace;
let b: Workspace;
let ctx: SeededWorkspaces['ctx'];
const TOKEN = 'tok_activity_filter';
/** Ids of A's rows that fail at `execution` through TOKEN: what the filtered walk must return. */
const matching = new Set<string>();

beforeAll(async () => {
  f = await createServiceFixture();
  seeded = await seedWorkspaces(f.deps);
  ({ a, b, ctx } = seeded);

  // 120 rows in A, one in every 5 a match, interleaved with near-misses (right stage, other
  // token; right token, other stage; ok calls through the token). Groups of 7 share a
  // millisecond so the cursor's id tie-break is exercised. B gets look-alikes of every match.
  const base = Date.now() - 3_600_000;
  const rows: InvocationInput[] = [];
  for (let i = 0; i < 120; i++) {
    const createdAt = new Date(base + Math.floor(i / 7) * 1000);
    const kind = i % 5;
    const failing = kind === 0 || kind === 1 || kind === 2;
    rows.push({
      workspaceId: a.id,
      toolName: 'get_user',
      tokenId: kind === 1 ? 'tok_other' : TOKEN,
      status: failing ? 'error' : 'ok',
      errorStage: kind === 0 || kind === 1 ? 'execution' : kind === 2 ? 'auth' : null,
      errorCode: failing ? '-32000' : null,
      durationMs: i,
      requestId: `req-a-${i}`,
      inputs: { i },
      createdAt,
    });
    if (kind === 0)
      rows.push({ ...rows.at(-1)!, workspaceId: b.id, requestId: `req-b-${i}`, durationMs: 1 });
  }
  await insertInvocations(f.db, rows);
  const ids = await f.db.invocation.findMany({
    where: { workspaceId: a.id, tokenId: TOKEN, errorStage: 'execution' },
    select: { id: true },
  });
  for (const row of ids) matching.add(row.id);
}, 60_000);

afterAll(() => f?.close());

describe('listActivity', () => {
  it('filters by stage and token in the query: every page is full and the walk is exact', async () => {
    expect(matching.size).toBe(24);
    const seen: string[] = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await listActivity(ctx(a), {
        stage: 'execution',
        tokenId: TOKEN,
        limit: 5,
        cursor,
      });
      pageSizes.push(page.items.length);
      for (const item of page.items) {
        expect(item).toMatchObject({ workspaceId: a.id, tokenId: TOKEN, errorStage: 'execution' });
        seen.push(item.id);
      }
      cursor = page.nextCursor;
    } while (cursor);
    expect(pageSizes).toEqual([5, 5, 5, 5, 4]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(matching);
  });

  it('combines the stage filter with status and tool, and the stats follow the token', async () => {
    const auth = await listActivity(ctx(a), { stage: 'auth', status: 'error', limit: 100 });
    expect(auth.items).toHaveLength(24);
    expect(auth.items.every((i) => i.errorStage === 'auth')).toBe(true);
    const none = await listActivity(ctx(a), { stage: 'execution', status: 'ok' });
    expect(none).toMatchObject({ items: [], nextCursor: null });
    const other = await listActivity(ctx(a), { tokenId: 'tok_other', toolName: 'missing' });
    expect(other.items).toEqual([]);

    const stats = await listActivity(ctx(a), { tokenId: 'tok_other' });
    expect(stats.stats.buckets.reduce((n, bucket) => n + bucket.calls, 0)).toBe(24);
    expect(stats.stats.errorsByStage).toEqual([{ stage: 'execution', count: 24 }]);
  });

  it('never crosses workspaces, and a forged cursor cannot reach another tenant', async () => {
    const inB = await listActivity(ctx(b), { stage: 'execution', tokenId: TOKEN, limit: 100 });
    expect(inB.items).toHaveLength(24);
    expect(inB.items.some((i) => matching.has(i.id))).toBe(false);
    const forged = Buffer.from(`${new Date().toISOString()}|zzzz`).toString('base64url');
    const page = await listActivity(ctx(b), { cursor: forged, limit: 100 });
    expect(page.items.every((i) => i.workspaceId === b.id)).toBe(true);
    const garbage = await listActivity(ctx(a), { cursor: "' OR 1=1 --", limit: 1 });
    expect(garbage.items).toHaveLength(1);
  });

  it('strips payloads for viewers', async () => {
    const owner = await listActivity(ctx(a), { limit: 1 });
    expect(owner.items[0]?.inputs).not.toBeNull();
    const viewer = await listActivity(ctx(a, 'viewer'), { limit: 1 });
    expect(viewer.items[0]).toMatchObject({ inputs: null, resultPreview: null, console: [] });
  });
});

describe('listActivity time window', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the first page’s window while paging, so rows at the old edge are not lost', async () => {
    const c = await createWorkspace(f.db, f.deps.keyring, {
      slug: 'act-window',
      name: 'C',
      ownerUserId: seeded.owner.id,
    });
    const t0 = Date.now();
    // 10 calls, one a second, the oldest 50 s inside the last hour's edge.
    const rows: InvocationInput[] = Array.from({ length: 10 }, (_, i) => ({
      workspaceId: c.id,
      toolName: 'edge',
      status: 'ok',
      durationMs: 1,
      requestId: `req-edge-${i}`,
      createdAt: new Date(t0 - 3_600_000 + 50_000 + i * 1000),
    }));
    await insertInvocations(f.db, rows);

    vi.useFakeTimers({ toFake: ['Date'], now: t0 });
    const first = await listActivity(ctx(c), { rangeHours: 1, limit: 4 });
    expect(first.items.map((i) => i.requestId)).toEqual([
      'req-edge-9',
      'req-edge-8',
      'req-edge-7',
      'req-edge-6',
    ]);
    // Two minutes pass before "Older calls": every remaining row is now older than an hour.
    vi.setSystemTime(t0 + 120_000);
    const seen = first.items.map((i) => i.requestId);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await listActivity(ctx(c), { rangeHours: 1, limit: 4, cursor });
      expect(page.stats.buckets.reduce((n, b) => n + b.calls, 0)).toBe(10);
      seen.push(...page.items.map((i) => i.requestId));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(rows.map((r) => r.requestId).reverse());
    // Read fresh, the same hour no longer reaches them.
    expect((await listActivity(ctx(c), { rangeHours: 1 })).items).toEqual([]);
  });

  it('starts a new walk for another range or a hand-edited window', async () => {
    const first = await listActivity(ctx(a), { rangeHours: 24, limit: 5 });
    const pinned = decodeActivityCursor(first.nextCursor!);
    expect(pinned).toMatchObject({ rangeHours: 24 });
    const newest = first.items[0]!.id;

    // Another range: the cursor is ignored and the walk restarts at the newest call.
    const other = await listActivity(ctx(a), {
      rangeHours: 168,
      limit: 5,
      cursor: first.nextCursor,
    });
    expect(other.items[0]!.id).toBe(newest);
    // A window from 1970 or from the future would widen or empty the query: restart too.
    for (const since of [new Date(0), new Date(Date.now() + 3_600_000)]) {
      const forged = encodeActivityCursor({ ...pinned!, since });
      const page = await listActivity(ctx(a), { rangeHours: 24, limit: 5, cursor: forged });
      expect(page.items[0]!.id).toBe(newest);
    }
    // The genuine cursor continues where the first page stopped.
    const second = await listActivity(ctx(a), {
      rangeHours: 24,
      limit: 5,
      cursor: first.nextCursor,
    });
    expect(second.items.some((i) => first.items.some((f) => f.id === i.id))).toBe(false);
  });
});
