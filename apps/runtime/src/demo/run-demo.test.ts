import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort } from '@toolplane/connectors/test-support';
import { createTestDatabase, pgAdminUrl, type TestDatabase } from '@toolplane/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemo } from './run-demo';

describe('npm run demo', () => {
  let controlPlane: TestDatabase;
  const demoDatabase = `tp_t_demo_${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    controlPlane = await createTestDatabase();
  });
  afterAll(async () => {
    await controlPlane?.drop();
    const admin = new pg.Client({ connectionString: pgAdminUrl() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${demoDatabase}" WITH (FORCE)`);
    await admin.end();
  });

  it('creates a demo workspace with sample data in its own database, serves it, and can run twice', async () => {
    const env = {
      DATABASE_URL: controlPlane.url,
      TOOLPLANE_MASTER_KEY: randomBytes(32).toString('base64'),
      TOOLPLANE_RUNTIME_SIGNING_KEY: randomBytes(32).toString('base64'),
      RUNTIME_PORT: String(await freePort()),
      TOOLPLANE_DEMO_DATABASE: demoDatabase,
      TOOLPLANE_DATA_DIR: path.join(import.meta.dirname, 'no-such-dir'),
    };
    const first = await runDemo({ root: '/nonexistent', env });
    await first.stop();
    const demo = await runDemo({ root: '/nonexistent', env });
    try {
      expect(demo.ownRuntime).toBe(true);
      expect(demo.token).toMatch(/^tp_/);
      const client = new Client({ name: 'demo-test', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(demo.mcpUrl), {
          requestInit: { headers: { Authorization: `Bearer ${demo.token}` } },
        }),
      );
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
        'get_customer',
        'order_total',
        'orders_for_customer',
        'search_customers',
      ]);
      const ada = await client.callTool({ name: 'get_customer', arguments: { id: 1 } });
      expect(ada.structuredContent).toMatchObject({ results: [{ name: 'Ada Lovelace' }] });
      const orders = await client.callTool({
        name: 'orders_for_customer',
        arguments: { customer_id: 1, status: 'open' },
      });
      expect(orders.structuredContent).toMatchObject({ results: [{ id: 102 }] });
      const total = await client.callTool({ name: 'order_total', arguments: { amount: 100 } });
      expect(total.structuredContent).toEqual({
        results: [{ amount: 100, rate: 0.2, tax: 20, total: 120 }],
      });
      await client.close();
      // The control-plane database holds no sample data.
      const probe = new pg.Client({ connectionString: controlPlane.url });
      await probe.connect();
      const { rows } = await probe.query("SELECT to_regclass('public.customers') AS t");
      await probe.end();
      expect(rows[0].t).toBeNull();
    } finally {
      await demo.stop();
    }
  });
});
