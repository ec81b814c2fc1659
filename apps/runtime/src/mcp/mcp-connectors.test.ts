import { McpError } from '@modelcontextprotocol/sdk/types.js';
import {
  createTenantMysql,
  createTenantPostgres,
  type RedisServer,
  startRedisServer,
  type TenantDatabase,
} from '@toolplane/connectors/test-support';
import type { Workspace } from '@toolplane/db';
import { pgAdminUrl, testMysql } from '@toolplane/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRuntime } from '../start-runtime';
import {
  connectClient,
  createRuntimeFixture,
  type RuntimeFixture,
} from '../test-support/runtime-fixture';

const mysqlService = testMysql();

async function callError(promise: Promise<unknown>): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(McpError);
    return error as McpError;
  }
  throw new Error('expected an MCP error');
}

async function metric(runtime: RunningRuntime, line: string): Promise<number> {
  const text = await (await fetch(`${runtime.url}/metrics`)).text();
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? 0 : Number(found.slice(line.length + 1));
}

async function eventually(check: () => Promise<void>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe.skipIf(!mysqlService.url)(
  `MCP endpoint with MySQL/MariaDB tools ${mysqlService.reason ?? ''}`,
  () => {
    let f: RuntimeFixture;
    let runtime: RunningRuntime;
    let tenant: TenantDatabase;
    let token: string;
    beforeAll(async () => {
      f = await createRuntimeFixture();
      tenant = await createTenantMysql(
        mysqlService.url!,
        `CREATE TABLE orders (id INT PRIMARY KEY, status VARCHAR(20), total DECIMAL(10,2));
       INSERT INTO orders VALUES (1, 'open', 10.50), (2, 'shipped', 20.00), (3, 'open', 5.25);`,
      );
      const ws = await f.workspace('shop');
      const my = await f.connector(ws.id, 'warehouse', 'mysql', tenant.url);
      await f.tool(ws.id, {
        name: 'orders_by_status',
        kind: 'statement',
        connectorId: my,
        statement: "SELECT id, total FROM orders WHERE status = '{{ inputs.status }}' ORDER BY id",
        inputs: [{ name: 'status', type: 'string' }],
      });
      await f.tool(ws.id, {
        name: 'cancel_order',
        kind: 'statement',
        connectorId: my,
        statement: "UPDATE orders SET status = 'cancelled' WHERE id = {{ inputs.id }}",
        inputs: [{ name: 'id', type: 'int' }],
      });
      await f.tool(ws.id, {
        name: 'cancel_order_rw',
        kind: 'statement',
        connectorId: my,
        readOnly: false,
        statement: "UPDATE orders SET status = 'cancelled' WHERE id = {{ inputs.id }}",
        inputs: [{ name: 'id', type: 'int' }],
      });
      token = await f.token(ws.id);
      runtime = await f.start();
    });
    afterAll(async () => {
      await f?.close();
      await tenant?.drop();
    });

    it('lists and calls MySQL tools with bound values; read-only is enforced', async () => {
      const client = await connectClient(runtime.url, 'shop', token);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
        'cancel_order',
        'cancel_order_rw',
        'orders_by_status',
      ]);
      const open = await client.callTool({
        name: 'orders_by_status',
        arguments: { status: 'open' },
      });
      expect(open.structuredContent).toEqual({
        results: [
          { id: 1, total: '10.50' },
          { id: 3, total: '5.25' },
        ],
      });
      const injection = await client.callTool({
        name: 'orders_by_status',
        arguments: { status: "open' OR '1'='1" },
      });
      expect(injection.structuredContent).toEqual({ results: [] });
      const refused = await callError(
        client.callTool({ name: 'cancel_order', arguments: { id: 1 } }),
      );
      expect(refused).toMatchObject({ code: -32000, data: { stage: 'connector' } });
      const done = await client.callTool({ name: 'cancel_order_rw', arguments: { id: 1 } });
      expect(done.structuredContent).toMatchObject({ results: [{ affectedRows: 1 }] });
      await client.close();
    });
  },
);

describe('MCP endpoint with Redis tools, result cache and Redis outages', () => {
  let f: RuntimeFixture;
  let runtime: RunningRuntime;
  let tenantRedis: RedisServer;
  let cacheRedis: RedisServer;
  let tenantA: TenantDatabase;
  let tenantB: TenantDatabase;
  let a: Workspace;
  let tokenA: string;
  let tokenB: string;
  beforeAll(async () => {
    f = await createRuntimeFixture();
    [tenantRedis, cacheRedis] = await Promise.all([startRedisServer(), startRedisServer()]);
    const seed = (label: string) =>
      `CREATE TABLE counters (name text PRIMARY KEY, hits int); INSERT INTO counters VALUES ('x', 0);
       CREATE TABLE labels (id int PRIMARY KEY, label text); INSERT INTO labels VALUES (1, '${label}');`;
    [tenantA, tenantB] = await Promise.all([
      createTenantPostgres(pgAdminUrl(), seed('from A')),
      createTenantPostgres(pgAdminUrl(), seed('from B')),
    ]);
    a = await f.workspace('cache-a');
    const b = await f.workspace('cache-b');
    const kv = await f.connector(a.id, 'kv', 'redis', tenantRedis.url);
    await f.tool(a.id, {
      name: 'get_flag',
      kind: 'statement',
      connectorId: kv,
      statement: 'GET flag:{{ inputs.name }}',
      inputs: [{ name: 'name', type: 'string' }],
    });
    await f.tool(a.id, {
      name: 'set_flag',
      kind: 'statement',
      connectorId: kv,
      readOnly: false,
      statement: 'SET flag:{{ inputs.name }} {{ inputs.value }}',
      inputs: [
        { name: 'name', type: 'string' },
        { name: 'value', type: 'string' },
      ],
    });
    await f.tool(a.id, {
      name: 'sneaky_set',
      kind: 'statement',
      connectorId: kv,
      statement: 'SET flag:x {{ inputs.value }}',
      inputs: [{ name: 'value', type: 'string' }],
    });
    for (const [ws, tenant] of [
      [a, tenantA],
      [b, tenantB],
    ] as const) {
      const main = await f.connector(ws.id, 'main', 'postgres', tenant.url);
      await f.tool(ws.id, {
        name: 'label',
        kind: 'statement',
        connectorId: main,
        statement: 'SELECT label, now() AS at FROM labels WHERE id = {{ inputs.id }}',
        inputs: [{ name: 'id', type: 'int' }],
        cacheEnabled: true,
        cacheTtlSeconds: 60,
      });
    }
    tokenA = await f.token(a.id);
    tokenB = await f.token(b.id);
    runtime = await f.start({ redisUrl: cacheRedis.url, redisPrefix: 'tp-test:' });
    await eventually(async () => expect(await metric(runtime, 'toolplane_redis_up')).toBe(1));
  });
  afterAll(async () => {
    await f?.close();
    await Promise.allSettled([
      tenantRedis?.stop(),
      cacheRedis?.stop(),
      tenantA?.drop(),
      tenantB?.drop(),
    ]);
  });

  it('calls Redis tools, one argument per placeholder, read-only enforced', async () => {
    const client = await connectClient(runtime.url, 'cache-a', tokenA);
    await client.callTool({ name: 'set_flag', arguments: { name: 'beta', value: 'on and off' } });
    const flag = await client.callTool({ name: 'get_flag', arguments: { name: 'beta' } });
    expect(flag.structuredContent).toEqual({ results: [{ value: 'on and off' }] });
    const refused = await callError(
      client.callTool({ name: 'sneaky_set', arguments: { value: 'x' } }),
    );
    expect(refused.message).toContain('read-only');
    await client.close();
  });

  it('caches results in Redis per workspace: a hit skips the database, entries never cross', async () => {
    const clientA = await connectClient(runtime.url, 'cache-a', tokenA);
    const clientB = await connectClient(runtime.url, 'cache-b', tokenB);
    const first = await clientA.callTool({ name: 'label', arguments: { id: 1 } });
    const second = await clientA.callTool({ name: 'label', arguments: { id: 1 } });
    expect(second).toEqual(first);
    const fromB = await clientB.callTool({ name: 'label', arguments: { id: 1 } });
    expect((fromB.structuredContent as { results: { label: string }[] }).results[0]!.label).toBe(
      'from B',
    );
    expect(await metric(runtime, 'toolplane_cache_lookups_total{result="hit"}')).toBe(1);
    expect(await metric(runtime, 'toolplane_cache_lookups_total{result="miss"}')).toBe(2);
    const probe = new pg.Client({ connectionString: tenantA.url });
    await probe.connect();
    await probe.query("UPDATE labels SET label = 'changed' WHERE id = 1");
    await probe.end();
    const cached = await clientA.callTool({ name: 'label', arguments: { id: 1 } });
    expect(cached).toEqual(first);
    await Promise.all([clientA.close(), clientB.close()]);
  });

  it('keeps answering when the cache Redis stops, and reconnects by itself', async () => {
    const client = await connectClient(runtime.url, 'cache-a', tokenA);
    await cacheRedis.stop();
    await eventually(async () => expect(await metric(runtime, 'toolplane_redis_up')).toBe(0));
    const started = performance.now();
    const whileDown = await client.callTool({ name: 'label', arguments: { id: 1 } });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(
      (whileDown.structuredContent as { results: { label: string }[] }).results[0]!.label,
    ).toBe('changed');
    expect(
      await metric(runtime, 'toolplane_cache_errors_total{operation="get"}'),
    ).toBeGreaterThanOrEqual(1);
    await cacheRedis.restart();
    await eventually(
      async () => expect(await metric(runtime, 'toolplane_redis_up')).toBe(1),
      8_000,
    );
    await client.callTool({ name: 'label', arguments: { id: 1 } });
    const hits = await metric(runtime, 'toolplane_cache_lookups_total{result="hit"}');
    await client.callTool({ name: 'label', arguments: { id: 1 } });
    expect(await metric(runtime, 'toolplane_cache_lookups_total{result="hit"}')).toBe(hits + 1);
    await client.close();
  });

  it('keeps answering when a tenant Redis stops', async () => {
    const client = await connectClient(runtime.url, 'cache-a', tokenA);
    await tenantRedis.stop();
    const down = await callError(
      client.callTool({ name: 'get_flag', arguments: { name: 'beta' } }),
    );
    expect(down).toMatchObject({ code: -32000, data: { stage: 'connector' } });
    expect(down.message).toContain('Redis');
    await tenantRedis.restart();
    await eventually(async () => {
      const flag = await client.callTool({ name: 'get_flag', arguments: { name: 'beta' } });
      expect(flag.isError).toBeUndefined();
    }, 8_000);
    await client.close();
  });
});
