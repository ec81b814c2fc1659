import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbFixture, type DbFixture } from '../test-support/create-db-fixture';
import { type InvocationInput, insertInvocations } from './insert-invocations';
import { insertInvocationsSql } from './insert-invocations-sql';
import { listInvocations } from './list-invocations';

let f: DbFixture;
let pool: pg.Pool;
beforeAll(async () => {
  f = await createDbFixture();
  pool = new pg.Pool({ connectionString: f.database.url, max: 1 });
});
afterAll(async () => {
  await pool.end();
  await f.close();
});

const entries = (workspaceId: string, toolName: string): InvocationInput[] => [
  {
    workspaceId,
    toolName,
    status: 'error',
    toolVersion: 3,
    errorCode: '-32000',
    errorStage: 'execution',
    errorMessage: 'it said "no", \\ and {braces}',
    durationMs: 2.6,
    stageTimings: { execute: 2.5 },
    cacheHit: true,
    console: [{ level: 'log', args: ['x', 'quote " and , comma'] }],
    inputs: { id: 1, tags: ['a', null] },
    resultPreview: null,
    requestId: 'req-1',
    createdAt: new Date('2031-06-01T12:00:00.123Z'),
  },
  { workspaceId, toolName, status: 'ok', durationMs: 1, requestId: 'req-2' },
];

describe('insertInvocationsSql', () => {
  it('writes the same rows as the Prisma writer, in one statement', async () => {
    expect(await insertInvocationsSql(pool, entries(f.a.id, 'sql'))).toBe(2);
    expect(await insertInvocationsSql(pool, [])).toBe(0);
    await insertInvocations(f.db, entries(f.a.id, 'prisma'));
    const strip = ({ id, toolName, createdAt, ...rest }: Record<string, unknown>) => rest;
    const viaSql = await listInvocations(f.db, f.a.id, { toolName: 'sql' });
    const viaPrisma = await listInvocations(f.db, f.a.id, { toolName: 'prisma' });
    expect(viaSql.items).toHaveLength(2);
    expect(viaSql.items.map(strip)).toEqual(viaPrisma.items.map(strip));
    const first = viaSql.items.find((i) => i.requestId === 'req-1')!;
    expect(first).toMatchObject({
      errorMessage: 'it said "no", \\ and {braces}',
      durationMs: 3,
      inputs: { id: 1, tags: ['a', null] },
      resultPreview: null,
      createdAt: new Date('2031-06-01T12:00:00.123Z'),
    });
    expect(first.id).toMatch(/^call_/);
  });
});
