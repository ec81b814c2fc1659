import { randomBytes } from 'node:crypto';
import { freePort } from '@toolplane/connectors/test-support';
import { parseMasterKey } from '@toolplane/crypto';
import {
  createDb,
  createKeyring,
  createUser,
  createWorkspace,
  type DbClient,
  type InvocationInput,
  listInvocations,
} from '@toolplane/db';
import { createTestDatabase, type TestDatabase } from '@toolplane/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvocationLog } from './create-invocation-log';

let database: TestDatabase;
let db: DbClient;
let workspaceId: string;

const entry = (toolName: string): InvocationInput => ({
  workspaceId,
  toolName,
  status: 'ok',
  durationMs: 1,
  requestId: `req_${toolName}`,
});

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ databaseUrl: database.url, max: 2 });
  const keyring = createKeyring([parseMasterKey(randomBytes(32).toString('base64'))]);
  const owner = await createUser(db, { email: 'log@example.com' });
  workspaceId = (
    await createWorkspace(db, keyring, { slug: 'log', name: 'log', ownerUserId: owner.id })
  ).id;
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe('invocation log writer', () => {
  it('keeps the newest entries when full, counts the dropped ones, writes them on flush', async () => {
    let dropped = 0;
    const log = createInvocationLog({
      db,
      maxQueue: 3,
      batchSize: 10,
      flushIntervalMs: 60_000,
      pruneIntervalMs: 0,
      onDropped: (n) => {
        dropped += n;
      },
    });
    for (const name of ['t1', 't2', 't3', 't4', 't5']) log.record(entry(name));
    expect(dropped).toBe(2);
    await log.close();
    const names = (await listInvocations(db, workspaceId, {})).items.map((i) => i.toolName).sort();
    expect(names).toEqual(['t3', 't4', 't5']);
  });

  it('keeps entries (bounded) while the database is down, and never throws', async () => {
    const down = createDb({ databaseUrl: `postgres://x@127.0.0.1:${await freePort()}/x`, max: 1 });
    let errors = 0;
    let dropped = 0;
    const log = createInvocationLog({
      db: down,
      maxQueue: 2,
      flushIntervalMs: 60_000,
      pruneIntervalMs: 0,
      onWriteError: () => {
        errors++;
      },
      onDropped: (n) => {
        dropped += n;
      },
    });
    log.record(entry('a'));
    log.record(entry('b'));
    await log.flush();
    expect(errors).toBe(1);
    expect(log.queued).toBe(2);
    log.record(entry('c'));
    expect(dropped).toBe(1);
    await log.close();
    await down.$disconnect();
  });
});
