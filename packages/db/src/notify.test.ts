import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from './client';
import {
  CHANGE_CHANNEL,
  type ChangeNotification,
  notifyChange,
  parseChangeNotification,
} from './notify';
import { setSecret } from './secrets/set-secret';
import { createDbFixture, type DbFixture, rejection } from './test-support/create-db-fixture';
import { createTool } from './tools/create-tool';
import { getToolByName } from './tools/get-tool-by-name';

let f: DbFixture;
let listener: pg.Client;
const received: ChangeNotification[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitForCount(count: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (received.length < count && Date.now() < deadline) await sleep(20);
}

beforeAll(async () => {
  f = await createDbFixture();
  listener = new pg.Client({ connectionString: f.database.url });
  await listener.connect();
  listener.on('notification', (message) => {
    if (message.channel !== CHANGE_CHANNEL) return;
    const change = parseChangeNotification(message.payload);
    if (change) received.push(change);
  });
  await listener.query(`LISTEN ${CHANGE_CHANNEL}`);
});
afterAll(async () => {
  await listener.end();
  await f.close();
});

describe('notifyChange', () => {
  it('is delivered when the transaction commits, not before', async () => {
    await withTransaction(f.db, async (tx) => {
      await notifyChange(tx, { workspaceId: f.a.id, kind: 'tool', id: 'tool_x' });
      await sleep(200);
      expect(received).toEqual([]);
    });
    await waitForCount(1);
    expect(received).toEqual([{ workspaceId: f.a.id, kind: 'tool', id: 'tool_x' }]);
  });

  it('is never delivered when the transaction rolls back', async () => {
    received.length = 0;
    const error = await rejection(
      withTransaction(f.db, async (tx) => {
        await notifyChange(tx, { workspaceId: f.a.id, kind: 'setting' });
        throw new Error('roll back');
      }),
    );
    expect(error.message).toBe('roll back');
    // A data function composed into an outer transaction that fails: no row, no notification.
    await rejection(
      withTransaction(f.db, async (tx) => {
        await createTool(tx, f.a.id, { name: 'ghost', kind: 'script', handlerSource: 'x' });
        throw new Error('roll back');
      }),
    );
    expect(await getToolByName(f.db, f.a.id, 'ghost')).toBeNull();
    // A later committed change arrives alone.
    const secret = await setSecret(f.db, f.keyring, f.b.id, { name: 'S', value: 'v' });
    await waitForCount(1);
    await sleep(100);
    expect(received).toEqual([{ workspaceId: f.b.id, kind: 'secret', id: secret.id }]);
  });

  it('parses only well-formed payloads', () => {
    expect(parseChangeNotification('{"workspaceId":"ws_1","kind":"token"}')).toEqual({
      workspaceId: 'ws_1',
      kind: 'token',
    });
    expect(parseChangeNotification('{"workspaceId":"ws_1","kind":"nope"}')).toBeNull();
    expect(parseChangeNotification('not json')).toBeNull();
    expect(parseChangeNotification(undefined)).toBeNull();
  });
});
