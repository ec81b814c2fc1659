import { pgAdminUrl, testMysql } from '@toolplane/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectorError } from './connector-error';
import type { ConnectorConfig, ConnectorNetworkPolicy } from './connector-types';
import { createConnectorPools, type PoolTarget } from './create-connector-pools';
import { testConnection } from './test-connection';
import {
  createTenantMysql,
  createTenantPostgres,
  freePort,
  type RedisServer,
  startRedisServer,
  type TenantDatabase,
} from './test-support';

const open: ConnectorNetworkPolicy = { allowPrivateNetworks: true, deny: [] };

function target(
  key: string,
  config: ConnectorConfig,
  version = '1',
): PoolTarget & { loads: number } {
  const t = {
    key,
    version,
    loads: 0,
    async load() {
      t.loads++;
      return config;
    },
  };
  return t;
}

async function rejection(promise: Promise<unknown>): Promise<ConnectorError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ConnectorError);
    return error as ConnectorError;
  }
  throw new Error('expected a rejection');
}

describe('PostgreSQL connector', () => {
  let db: TenantDatabase;
  const pools = createConnectorPools({ policy: open });
  beforeAll(async () => {
    db = await createTenantPostgres(
      pgAdminUrl(),
      `CREATE TABLE items (id int PRIMARY KEY, name text, big bigint, day date, at timestamp);
       INSERT INTO items SELECT g, 'item ' || g, 9007199254740993, '2024-02-29', '2024-02-29 23:30:00'
         FROM generate_series(1, 50) g;`,
    );
  });
  afterAll(async () => {
    await pools.close();
    await db?.drop();
  });
  const pgTarget = () => target('ws_a:con_pg', { type: 'postgres', url: db.url });

  it('runs a bound statement, opening the pool once', async () => {
    const t = pgTarget();
    const query = {
      type: 'postgres' as const,
      text: 'SELECT id, name, big, day, at FROM items WHERE id = $1',
      params: [7],
      readOnly: true,
      maxRows: 10,
      timeoutMs: 5_000,
    };
    const result = await pools.run(t, query);
    expect(result).toEqual({
      rows: [
        {
          id: 7,
          name: 'item 7',
          big: '9007199254740993',
          day: '2024-02-29',
          at: '2024-02-29 23:30:00',
        },
      ],
      truncated: false,
    });
    await pools.run(t, query);
    expect(t.loads).toBe(1);
    expect(pools.stats().byType.postgres.pools).toBe(1);
  });

  it('parses later calls with the row description of the first, until the columns change', async () => {
    const t = pgTarget();
    const run = (text: string, params: (string | number)[], readOnly = true) =>
      pools.run(t, { type: 'postgres', text, params, readOnly, maxRows: 10, timeoutMs: 5_000 });
    await run('CREATE TABLE shapes (id int PRIMARY KEY, big bigint, day date)', [], false);
    await run(
      "INSERT INTO shapes VALUES ($1, 9007199254740993, '2024-02-29'), (2, 5, NULL)",
      [1],
      false,
    );
    const select = 'SELECT * FROM shapes WHERE id = $1';
    // Sequential calls reuse the same connection: the later ones send no Describe.
    for (let i = 0; i < 3; i++) {
      expect((await run(select, [1])).rows).toEqual([
        { id: 1, big: '9007199254740993', day: '2024-02-29' },
      ]);
      expect((await run(select, [2])).rows).toEqual([{ id: 2, big: 5, day: null }]);
      // A statement without rows (NoData) twice on a connection, then its effect.
      await run('UPDATE shapes SET big = big WHERE id = $1', [2], false);
    }

    await run('ALTER TABLE shapes ADD COLUMN label text DEFAULT $$new$$', [], false);
    // PostgreSQL refuses the statements prepared before with the old columns (the pool then
    // drops that connection); no call ever answers with the old description.
    let fresh: unknown;
    for (let i = 0; i < 8 && fresh === undefined; i++) {
      try {
        fresh = (await run(select, [2])).rows;
      } catch (error) {
        expect((error as ConnectorError).message).toMatch(
          /cached plan must not change result type/,
        );
      }
    }
    expect(fresh).toEqual([{ id: 2, big: 5, day: null, label: 'new' }]);
    expect((await run(select, [1])).rows).toEqual([
      { id: 1, big: '9007199254740993', day: '2024-02-29', label: 'new' },
    ]);
  });

  it('caps rows and says so', async () => {
    const result = await pools.run(pgTarget(), {
      type: 'postgres',
      text: 'SELECT id FROM items ORDER BY id',
      params: [],
      readOnly: true,
      maxRows: 3,
      timeoutMs: 5_000,
    });
    expect(result).toEqual({ rows: [{ id: 1 }, { id: 2 }, { id: 3 }], truncated: true });
  });

  it('refuses writes in a read-only tool, allows them otherwise', async () => {
    const write = {
      type: 'postgres' as const,
      text: "UPDATE items SET name = 'x' WHERE id = 1",
      params: [],
      maxRows: 10,
      timeoutMs: 5_000,
    };
    const error = await rejection(pools.run(pgTarget(), { ...write, readOnly: true }));
    expect(error.code).toBe('QUERY_FAILED');
    expect(error.message).toMatch(/read-only transaction/);
    await pools.run(pgTarget(), { ...write, readOnly: false });
    const after = await pools.run(pgTarget(), {
      ...write,
      text: 'SELECT name FROM items WHERE id = 1',
      readOnly: true,
    });
    expect(after.rows).toEqual([{ name: 'x' }]);
  });

  it('enforces the statement timeout and keeps the pool usable', async () => {
    const error = await rejection(
      pools.run(pgTarget(), {
        type: 'postgres',
        text: 'SELECT pg_sleep(5)',
        params: [],
        readOnly: true,
        maxRows: 1,
        timeoutMs: 200,
      }),
    );
    expect(error.code).toBe('TIMEOUT');
    const ok = await pools.run(pgTarget(), {
      type: 'postgres',
      text: 'SELECT 1 AS one',
      params: [],
      readOnly: true,
      maxRows: 1,
      timeoutMs: 1_000,
    });
    expect(ok.rows).toEqual([{ one: 1 }]);
  });

  it('never reuses a connection whose session a statement may have changed', async () => {
    const base = { type: 'postgres' as const, params: [], maxRows: 5, timeoutMs: 200 };
    // Statements that would loosen the session for later calls on the same connection.
    for (const text of [
      'SET statement_timeout = 0',
      'SET default_transaction_read_only = off',
      'BEGIN',
    ]) {
      await pools.run(pgTarget(), { ...base, text, readOnly: true }).catch(() => {});
    }
    for (let i = 0; i < 6; i++) {
      const error = await rejection(
        pools.run(pgTarget(), { ...base, text: 'SELECT pg_sleep(5)', readOnly: true }),
      );
      expect(error.code).toBe('TIMEOUT');
      const write = await rejection(
        pools.run(pgTarget(), {
          ...base,
          text: "UPDATE items SET name = 'y' WHERE id = 2",
          readOnly: true,
        }),
      );
      expect(write.code).toBe('QUERY_FAILED');
      expect(write.message).toMatch(/read-only transaction/);
    }
  });

  it('switches a connection between read-only and writable tools and timeouts', async () => {
    const q = (readOnly: boolean, timeoutMs: number) => ({
      type: 'postgres' as const,
      text: "SELECT current_setting('transaction_read_only') AS ro, current_setting('statement_timeout') AS t",
      params: [],
      maxRows: 1,
      readOnly,
      timeoutMs,
    });
    for (const [readOnly, timeoutMs] of [
      [true, 1_000],
      [false, 2_000],
      [true, 3_000],
    ] as const) {
      const { rows } = await pools.run(pgTarget(), q(readOnly, timeoutMs));
      expect(rows).toEqual([{ ro: readOnly ? 'on' : 'off', t: `${timeoutMs / 1000}s` }]);
    }
  });

  it('reopens the pool when the connector version changes', async () => {
    const t1 = target('ws_a:con_v', { type: 'postgres', url: db.url }, '1');
    const t2 = target('ws_a:con_v', { type: 'postgres', url: db.url }, '2');
    const q = {
      type: 'postgres' as const,
      text: 'SELECT 1 AS one',
      params: [],
      readOnly: true,
      maxRows: 1,
      timeoutMs: 1_000,
    };
    await pools.run(t1, q);
    await pools.run(t2, q);
    expect([t1.loads, t2.loads]).toEqual([1, 1]);
  });

  it('closes a pool left idle, and reopens it (decrypting again) on the next call', async () => {
    const idle = createConnectorPools({ policy: open, poolIdleMs: 200 });
    const t = pgTarget();
    const q = {
      type: 'postgres' as const,
      text: 'SELECT 1 AS one',
      params: [],
      readOnly: true,
      maxRows: 1,
      timeoutMs: 1_000,
    };
    try {
      await idle.run(t, q);
      expect(idle.stats().pools).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(idle.stats().pools).toBe(0);
      await idle.run(t, q);
      expect(t.loads).toBe(2);
    } finally {
      await idle.close();
    }
  });

  it('fails fast and clearly on a closed port, without the address or password', async () => {
    const port = await freePort();
    const started = performance.now();
    const error = await rejection(
      pools.run(
        target('ws_b:con_down', {
          type: 'postgres',
          url: `postgres://u:hunter2@127.0.0.1:${port}/x`,
        }),
        {
          type: 'postgres',
          text: 'SELECT 1',
          params: [],
          readOnly: true,
          maxRows: 1,
          timeoutMs: 1_000,
        },
      ),
    );
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(error.code).toBe('CONNECT_FAILED');
    expect(error.message).toBe('could not connect to PostgreSQL: connection refused');
  });

  it('refuses the control plane database, metadata and (when off) private addresses before connecting', async () => {
    const admin = new URL(pgAdminUrl());
    const policy: ConnectorNetworkPolicy = {
      allowPrivateNetworks: true,
      deny: [{ host: admin.hostname, port: Number(admin.port || 5432), database: 'toolplane' }],
    };
    const guarded = createConnectorPools({ policy });
    const q = {
      type: 'postgres' as const,
      text: 'SELECT 1',
      params: [],
      readOnly: true,
      maxRows: 1,
      timeoutMs: 1_000,
    };
    try {
      const denied = await rejection(
        guarded.run(
          target('k1', {
            type: 'postgres',
            url: `postgres://u:p@localhost:${admin.port || 5432}/toolplane`,
          }),
          q,
        ),
      );
      expect(denied.code).toBe('ADDRESS_REFUSED');
      expect(denied.message).toMatch(/reserved for the control plane/);
      // Another database on the same server is a tenant's: allowed.
      const other = await guarded.run(target('k2', { type: 'postgres', url: db.url }), q);
      expect(other.rows).toEqual([{ '?column?': 1 }]);
      const metadata = await rejection(
        guarded.run(target('k3', { type: 'postgres', url: 'postgres://u@169.254.169.254/x' }), q),
      );
      expect(metadata.code).toBe('ADDRESS_REFUSED');
    } finally {
      await guarded.close();
    }
    const hosted = createConnectorPools({
      policy: {
        allowPrivateNetworks: false,
        deny: [],
        resolver: async () => [{ address: '10.0.0.1', family: 4 }],
      },
    });
    try {
      const privateHost = await rejection(
        hosted.run(
          target('k4', { type: 'postgres', url: 'postgres://u@db.internal.example/x' }),
          q,
        ),
      );
      expect(privateHost.code).toBe('ADDRESS_REFUSED');
      expect(privateHost.message).toMatch(/private network/);
      expect(privateHost.message).not.toContain('10.0.0.1');
    } finally {
      await hosted.close();
    }
  });

  it('tests a connection for the dashboard', async () => {
    expect(await testConnection({ type: 'postgres', url: db.url }, open)).toMatchObject({
      ok: true,
    });
    const port = await freePort();
    expect(
      await testConnection({ type: 'postgres', url: `postgres://u@127.0.0.1:${port}/x` }, open),
    ).toMatchObject({
      ok: false,
      code: 'CONNECT_FAILED',
    });
    expect(await testConnection({ type: 'postgres', url: 'mysql://u@h/x' }, open)).toMatchObject({
      ok: false,
      code: 'INVALID_URL',
    });
  });
});

const mysqlService = testMysql();
describe.skipIf(!mysqlService.url)(`MySQL/MariaDB connector ${mysqlService.reason ?? ''}`, () => {
  let db: TenantDatabase;
  const pools = createConnectorPools({ policy: open });
  beforeAll(async () => {
    db = await createTenantMysql(
      mysqlService.url!,
      `CREATE TABLE items (id INT PRIMARY KEY, name VARCHAR(50), price DECIMAL(10,2), big BIGINT, at DATETIME);
       INSERT INTO items VALUES (1, 'one', 1.50, 9007199254740993, '2024-02-29 23:30:00'), (2, 'two', 2.00, 2, NULL), (3, 'three', 3.25, 3, NULL);`,
    );
  });
  afterAll(async () => {
    await pools.close();
    await db?.drop();
  });
  const my = () => target('ws_a:con_my', { type: 'mysql', url: db.url });
  const q = (
    text: string,
    params: (string | number | boolean | null)[] = [],
    extra: object = {},
  ) => ({
    type: 'mysql' as const,
    text,
    params,
    readOnly: true,
    maxRows: 10,
    timeoutMs: 5_000,
    ...extra,
  });

  it('runs a prepared statement with exact values', async () => {
    const result = await pools.run(
      my(),
      q('SELECT id, name, price, big, at FROM items WHERE id = ?', [1]),
    );
    expect(result).toEqual({
      rows: [
        { id: 1, name: 'one', price: '1.50', big: '9007199254740993', at: '2024-02-29 23:30:00' },
      ],
      truncated: false,
    });
  });

  it('caps rows', async () => {
    expect(
      await pools.run(my(), q('SELECT id FROM items ORDER BY id', [], { maxRows: 2 })),
    ).toEqual({
      rows: [{ id: 1 }, { id: 2 }],
      truncated: true,
    });
  });

  it('refuses writes in a read-only tool, allows them otherwise', async () => {
    const error = await rejection(pools.run(my(), q("UPDATE items SET name = 'x' WHERE id = 3")));
    expect(error.message).toMatch(/read only|READ ONLY/i);
    const written = await pools.run(
      my(),
      q("UPDATE items SET name = 'x' WHERE id = ?", [3], { readOnly: false }),
    );
    expect(written.rows).toEqual([expect.objectContaining({ affectedRows: 1 })]);
  });

  it('times out a slow statement and stays usable', async () => {
    const error = await rejection(
      pools.run(my(), q('SELECT SLEEP(5) AS s', [], { timeoutMs: 300 })),
    );
    expect(error.code).toBe('TIMEOUT');
    expect((await pools.run(my(), q('SELECT 1 AS one'))).rows).toEqual([{ one: 1 }]);
  });

  it('fails fast on a closed port', async () => {
    const port = await freePort();
    const error = await rejection(
      pools.run(
        target('ws_b:con_my_down', { type: 'mysql', url: `mysql://root:pw@127.0.0.1:${port}/x` }),
        q('SELECT 1'),
      ),
    );
    expect(error.message).toBe('could not connect to MySQL: connection refused');
  });
});

describe('Redis connector', () => {
  let server: RedisServer;
  const pools = createConnectorPools({ policy: open });
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await pools.close();
    await server?.stop();
  });
  const kv = () => target('ws_a:con_kv', { type: 'redis', url: server.url });
  const cmd = (command: string, args: string[], readOnly = true) => ({
    type: 'redis' as const,
    command,
    args,
    readOnly,
    timeoutMs: 1_000,
  });

  it('runs commands; read-only tools may only read', async () => {
    expect((await pools.run(kv(), cmd('SET', ['greeting', 'hello'], false))).rows).toBe('OK');
    expect((await pools.run(kv(), cmd('GET', ['greeting']))).rows).toBe('hello');
    expect((await pools.run(kv(), cmd('hgetall', ['nothing']))).rows).toEqual({});
    const error = await rejection(pools.run(kv(), cmd('SET', ['greeting', 'x'])));
    expect(error).toMatchObject({
      code: 'COMMAND_REFUSED',
      message: 'Redis command SET writes; this tool is read-only',
    });
  });

  it('refuses commands that would change or block the shared connection', async () => {
    for (const name of ['SELECT', 'BLPOP', 'SUBSCRIBE', 'FLUSHALL', 'CONFIG', 'MULTI', 'NOPE']) {
      const error = await rejection(pools.run(kv(), cmd(name, ['1'], false)));
      expect(error.code).toBe('COMMAND_REFUSED');
    }
  });

  it('fails fast while the server is down and recovers by itself', async () => {
    await pools.run(kv(), cmd('PING', []));
    await server.stop();
    const started = performance.now();
    const error = await rejection(pools.run(kv(), cmd('GET', ['greeting'])));
    expect(performance.now() - started).toBeLessThan(500);
    expect(error.code).toMatch(/CONNECT_FAILED|QUERY_FAILED/);
    await server.restart();
    const deadline = Date.now() + 5_000;
    for (;;) {
      try {
        expect((await pools.run(kv(), cmd('PING', []))).rows).toBe('PONG');
        break;
      } catch (retry) {
        if (Date.now() > deadline) throw retry;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });

  it('fails fast on a closed port', async () => {
    const port = await freePort();
    const error = await rejection(
      pools.run(
        target('ws_b:con_kv_down', { type: 'redis', url: `redis://127.0.0.1:${port}` }),
        cmd('PING', []),
      ),
    );
    expect(error).toMatchObject({
      code: 'CONNECT_FAILED',
      message: 'could not connect to Redis: connection refused',
    });
  });
});
