import { mintRuntimeToken } from '@toolplane/auth/runtime-token';
import { createTenantPostgres, type TenantDatabase } from '@toolplane/connectors/test-support';
import {
  getToolByName,
  getWorkspace,
  listApiTokens,
  listInvocations,
  revokeApiToken,
  updateTool,
  updateWorkspaceSettings,
  type Workspace,
} from '@toolplane/db';
import { pgAdminUrl, testRedis } from '@toolplane/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRuntime } from '../start-runtime';
import {
  createRuntimeFixture,
  postMcp,
  type RuntimeFixture,
} from '../test-support/runtime-fixture';
import { type RuntimeProcess, spawnRuntimeProcess } from '../test-support/spawn-runtime-process';

const redis = testRedis();
let f: RuntimeFixture;
let tenant: TenantDatabase;
let ws: Workspace;
let token: string;
let inProcess: RunningRuntime;
let child: RuntimeProcess;

function call(url: string, name: string, args: unknown, bearer = token) {
  return postMcp(
    url,
    'ops',
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
    { authorization: `Bearer ${bearer}` },
  );
}

async function firstValue(res: Response): Promise<Record<string, unknown> | undefined> {
  const body = (await res.json()) as {
    result?: { structuredContent: { results: Record<string, unknown>[] } };
  };
  return body.result?.structuredContent.results[0];
}

/** Polls until `check` passes; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < ms + 2_000) {
    if (await check()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`not seen within ${ms + 2_000} ms`);
}

beforeAll(async () => {
  f = await createRuntimeFixture();
  tenant = await createTenantPostgres(
    pgAdminUrl(),
    'CREATE TABLE t (v int); INSERT INTO t VALUES (1);',
  );
  ws = await f.workspace('ops');
  const main = await f.connector(ws.id, 'main', 'postgres', tenant.url);
  await f.tool(ws.id, {
    name: 'answer',
    kind: 'statement',
    connectorId: main,
    statement: 'SELECT 1 AS v',
  });
  token = await f.token(ws.id);
  const redisEnv: Record<string, string> = redis.url
    ? { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix }
    : {};
  inProcess = await f.start({
    ...(redis.url ? { redisUrl: redis.url, redisPrefix: redis.prefix } : {}),
    invocationFlushMs: 100,
  });
  child = await spawnRuntimeProcess({
    DATABASE_URL: f.database.url,
    TOOLPLANE_MASTER_KEY: f.masterKey,
    TOOLPLANE_RUNTIME_SIGNING_KEY: Buffer.from(f.signingKey).toString('base64'),
    LOG_LEVEL: 'info',
    ...redisEnv,
  });
});

afterAll(async () => {
  await child?.stop();
  await f?.close();
  await tenant?.drop();
});

describe('change propagation to every runtime process', () => {
  it('serves an edited tool within 1 s, in this process and another one', async () => {
    for (const url of [inProcess.url, child.url])
      expect(await firstValue(await call(url, 'answer', {}))).toEqual({ v: 1 });
    const tool = (await getToolByName(f.db, ws.id, 'answer'))!;
    await updateTool(f.db, ws.id, tool.id, {
      expectedVersion: tool.version,
      statement: 'SELECT 2 AS v',
    });
    for (const url of [inProcess.url, child.url]) {
      const took = await within(
        1_000,
        async () => (await firstValue(await call(url, 'answer', {})))?.v === 2,
      );
      expect(took).toBeLessThan(1_000);
    }
  });

  it('refuses a revoked token within 1 s, in this process and another one', async () => {
    const doomed = await f.token(ws.id, { name: 'doomed' });
    for (const url of [inProcess.url, child.url])
      expect((await call(url, 'answer', {}, doomed)).status).toBe(200);
    const id = (await listApiTokens(f.db, ws.id)).find((t) => t.name === 'doomed')!.id;
    await revokeApiToken(f.db, ws.id, id);
    for (const url of [inProcess.url, child.url]) {
      const took = await within(
        1_000,
        async () => (await call(url, 'answer', {}, doomed)).status === 401,
      );
      expect(took).toBeLessThan(1_000);
    }
  });
});

describe('invocation log', () => {
  it('records every call with outcome, stage timings and the token', async () => {
    await call(inProcess.url, 'answer', {});
    await call(inProcess.url, 'nope', {});
    await inProcess.flushInvocations();
    const rows = (await listInvocations(f.db, ws.id, {})).items;
    const ok = rows.find((r) => r.toolName === 'answer' && r.status === 'ok')!;
    expect(ok).toMatchObject({ tokenId: expect.stringMatching(/^tok_/), errorCode: null });
    expect(Object.keys(ok.stageTimings as object)).toContain('connector');
    expect(rows.find((r) => r.toolName === 'nope')).toMatchObject({
      status: 'error',
      errorCode: 'TOOL_NOT_FOUND',
      errorStage: 'resolve',
    });
  });

  it('drops the oldest entries when its queue is full, and counts them', async () => {
    const small = await f.start({ invocationQueueSize: 2, invocationFlushMs: 60_000 });
    for (let i = 0; i < 5; i++) await call(small.url, 'answer', {});
    const text = await (await fetch(`${small.url}/metrics`)).text();
    expect(text).toContain('toolplane_invocation_log_dropped_total 3');
    expect(text).toContain('toolplane_invocation_log_queued 2');
    expect(text).toMatch(/toolplane_tool_calls_total\{outcome="ok"\} 5/);
    expect(text).toMatch(
      /toolplane_tool_call_duration_seconds_bucket\{outcome="ok",le="\+Inf"\} 5/,
    );
  });
});

describe('tokens and shutdown', () => {
  it('logs calls made with a runtime token under its user, and batches last_used_at', async () => {
    const own = await f.start({ invocationFlushMs: 50 });
    const minted = mintRuntimeToken(f.signingKey, {
      userId: f.ownerId,
      workspaceId: ws.id,
      ttlSeconds: 120,
    });
    expect((await call(own.url, 'answer', {}, minted)).status).toBe(200);
    const fresh = await f.token(ws.id, { name: 'fresh' });
    expect((await call(own.url, 'answer', {}, fresh)).status).toBe(200);
    await own.close();
    const rows = (await listInvocations(f.db, ws.id, { limit: 500 })).items;
    expect(rows.find((r) => r.userId === f.ownerId)).toMatchObject({ tokenId: null, status: 'ok' });
    const tokens = await listApiTokens(f.db, ws.id);
    expect(tokens.find((t) => t.name === 'fresh')?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('lets an in-flight call finish when shutting down, then refuses connections', async () => {
    const main = (await getToolByName(f.db, ws.id, 'answer'))!.connectorId!;
    await f.tool(ws.id, {
      name: 'slow',
      kind: 'statement',
      connectorId: main,
      statement: 'SELECT 1 AS done FROM pg_sleep(0.5)',
    });
    const own = await f.start();
    const pending = call(own.url, 'slow', {});
    await new Promise((resolve) => setTimeout(resolve, 150));
    const closing = own.close();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await firstValue(res)).toEqual({ done: 1 });
    await closing;
    await expect(fetch(`${own.url}/healthz`)).rejects.toThrow();
  });
});

describe.skipIf(!redis.url)(`rate limits ${redis.reason ?? ''}`, () => {
  it('are shared by two runtime processes through Redis, answering 429 with Retry-After', async () => {
    const fresh = (await listApiTokens(f.db, ws.id)).length;
    expect(fresh).toBeGreaterThan(0);
    const before = (await getWorkspace(f.db, ws.id))!;
    await updateWorkspaceSettings(f.db, ws.id, {
      expectedVersion: before.version,
      rateLimitPerMinute: 4,
    });
    const limited = await f.token(ws.id, { name: 'limited' });
    // Let both processes hear the new setting (a cached snapshot keeps the old limit until then).
    await within(1_000, async () => {
      const [x, y] = await Promise.all([
        call(inProcess.url, 'answer', {}, limited),
        call(child.url, 'answer', {}, limited),
      ]);
      return x.status === 429 || y.status === 429 || (x.status === 200 && y.status === 200);
    });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 6; i++) {
      const res = await call(i % 2 === 0 ? inProcess.url : child.url, 'answer', {}, limited);
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get('retry-after');
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(4);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  });
});
