import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChangeListener, listenForChanges } from './listen-for-changes';
import type { ChangeNotification } from './notify';
import { createDbFixture, type DbFixture } from './test-support/create-db-fixture';
import { createTool } from './tools/create-tool';

let f: DbFixture;
beforeAll(async () => {
  f = await createDbFixture();
});
afterAll(() => f.close());

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('listenForChanges', () => {
  it('delivers committed changes and reconnects after the connection dies', async () => {
    const changes: ChangeNotification[] = [];
    let reconnects = 0;
    const listener: ChangeListener = await listenForChanges({
      databaseUrl: f.database.url,
      onChange: (change) => changes.push(change),
      onReconnect: () => reconnects++,
      onError: () => {},
      retryDelayMs: 20,
    });
    try {
      const tool = await createTool(f.db, f.a.id, {
        name: 't1',
        kind: 'script',
        handlerSource: 'x',
      });
      await until(() => changes.length === 1);
      expect(changes[0]).toEqual({ workspaceId: f.a.id, kind: 'tool', id: tool.id });

      await f.sql(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'toolplane-listener' AND datname = current_database()",
      );
      await until(() => reconnects === 1 && listener.connected);

      const second = await createTool(f.db, f.a.id, {
        name: 't2',
        kind: 'script',
        handlerSource: 'x',
      });
      await until(() => changes.length === 2);
      expect(changes[1]).toEqual({ workspaceId: f.a.id, kind: 'tool', id: second.id });
    } finally {
      await listener.close();
    }
    expect(listener.connected).toBe(false);
  });
});
