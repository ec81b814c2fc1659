import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbFixture, type DbFixture } from '../test-support/create-db-fixture';
import { copyInvocationsSql } from './copy-invocations-sql';
import { type InvocationInput, insertInvocations } from './insert-invocations';
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

// Everything COPY's text format treats specially: tab, newline, CR, backslash, \N, and a NUL
// (PostgreSQL text cannot hold one: dropped, in text columns and in JSON alike).
const awkward = 'tab\there, line\nbreak, cr\r, back\\slash, \\N, "quotes", ünïcödé 🚀';
const entries = (workspaceId: string, toolName: string): InvocationInput[] => [
  {
    workspaceId,
    toolName,
    status: 'error',
    toolVersion: 3,
    errorCode: '-32000',
    errorStage: 'execution',
    errorMessage: awkward,
    durationMs: 2.6,
    stageTimings: { execute: 2.5 },
    cacheHit: true,
    console: [{ level: 'log', message: awkward }],
    inputs: { id: 1, text: awkward, tags: ['a', null] },
    resultPreview: { text: awkward, truncated: false },
    requestId: 'req-1',
    createdAt: new Date('2031-06-01T12:00:00.123Z'),
  },
  { workspaceId, toolName, status: 'ok', durationMs: 1, requestId: 'req-2' },
];

describe('copyInvocationsSql', () => {
  it('writes the same rows as the Prisma writer, awkward characters included', async () => {
    expect(await copyInvocationsSql(pool, entries(f.a.id, 'copy'))).toBe(2);
    expect(await copyInvocationsSql(pool, [])).toBe(0);
    await insertInvocations(f.db, entries(f.a.id, 'prisma'));
    const strip = ({ id, toolName, createdAt, ...rest }: Record<string, unknown>) => rest;
    const viaCopy = await listInvocations(f.db, f.a.id, { toolName: 'copy' });
    const viaPrisma = await listInvocations(f.db, f.a.id, { toolName: 'prisma' });
    expect(viaCopy.items).toHaveLength(2);
    expect(viaCopy.items.map(strip)).toEqual(viaPrisma.items.map(strip));
    const first = viaCopy.items.find((i) => i.requestId === 'req-1')!;
    expect(first).toMatchObject({
      errorMessage: awkward,
      durationMs: 3,
      inputs: { id: 1, text: awkward, tags: ['a', null] },
      createdAt: new Date('2031-06-01T12:00:00.123Z'),
    });
    expect(first.id).toMatch(/^call_/);
  });

  it('drops NUL characters from text columns instead of failing the batch', async () => {
    await copyInvocationsSql(pool, [
      {
        workspaceId: f.a.id,
        toolName: 'nul',
        status: 'error',
        errorMessage: 'a\0b',
        durationMs: 1,
        requestId: 'r\0q',
      },
    ]);
    const [row] = (await listInvocations(f.db, f.a.id, { toolName: 'nul' })).items;
    expect(row).toMatchObject({ errorMessage: 'ab', requestId: 'rq' });
  });

  it('fails the batch, and keeps the pool usable, when a row is refused', async () => {
    await expect(
      copyInvocationsSql(pool, [
        // Not a value of the invocation_status enum: PostgreSQL refuses the row mid-COPY.
        {
          workspaceId: f.a.id,
          toolName: 'x',
          status: 'bogus' as 'ok',
          durationMs: 1,
          requestId: 'r',
        },
      ]),
    ).rejects.toThrow(/invalid input value for enum/);
    expect(await copyInvocationsSql(pool, entries(f.a.id, 'after'))).toBe(2);
  });
});
