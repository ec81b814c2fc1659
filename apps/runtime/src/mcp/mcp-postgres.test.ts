import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { mintRuntimeToken } from '@toolplane/auth/runtime-token';
import {
  createTenantPostgres,
  freePort,
  type TenantDatabase,
} from '@toolplane/connectors/test-support';
import {
  getToolByName,
  listApiTokens,
  listInvocations,
  revokeApiToken,
  updateWorkspaceSettings,
  type Workspace,
} from '@toolplane/db';
import { pgAdminUrl } from '@toolplane/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRuntime } from '../start-runtime';
import {
  connectClient,
  createRuntimeFixture,
  postMcp,
  type RuntimeFixture,
} from '../test-support/runtime-fixture';

let f: RuntimeFixture;
let runtime: RunningRuntime;
let tenantA: TenantDatabase;
let tenantB: TenantDatabase;
let acme: Workspace;
let globex: Workspace;
let acmeToken: string;
let globexToken: string;

async function callError(promise: Promise<unknown>): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(McpError);
    return error as McpError;
  }
  throw new Error('expected an MCP error');
}

beforeAll(async () => {
  f = await createRuntimeFixture();
  const setup = (label: string) => `
    CREATE TABLE users (id int PRIMARY KEY, name text NOT NULL, email text);
    INSERT INTO users VALUES (1, '${label} Ada', 'ada@${label}.test'), (2, '${label} Grace', NULL), (3, '${label} Linus', NULL);`;
  [tenantA, tenantB] = await Promise.all([
    createTenantPostgres(pgAdminUrl(), setup('acme')),
    createTenantPostgres(pgAdminUrl(), setup('globex')),
  ]);
  acme = await f.workspace('acme');
  globex = await f.workspace('globex');
  for (const [ws, tenant] of [
    [acme, tenantA],
    [globex, tenantB],
  ] as const) {
    const main = await f.connector(ws.id, 'main', 'postgres', tenant.url);
    await f.tool(ws.id, {
      name: 'get_user',
      title: 'Get user',
      description: 'One user by id',
      kind: 'statement',
      connectorId: main,
      statement: 'SELECT id, name, email FROM users WHERE id = {{ inputs.id }}',
      inputs: [{ name: 'id', type: 'int', description: 'user id' }],
      annotations: { idempotentHint: true, readOnlyHint: false },
    });
  }
  const main = (await getToolByName(f.db, acme.id, 'get_user'))!.connectorId!;
  await f.tool(acme.id, {
    name: 'list_users',
    kind: 'statement',
    connectorId: main,
    statement: 'SELECT id, name FROM users ORDER BY id',
    rowCap: 2,
  });
  await f.tool(acme.id, {
    name: 'rename_user',
    kind: 'statement',
    connectorId: main,
    readOnly: false,
    statement:
      "UPDATE users SET name = '{{ inputs.name }}' WHERE id = {{ inputs.id }} RETURNING id, name",
    inputs: [
      { name: 'id', type: 'int' },
      { name: 'name', type: 'string' },
    ],
    annotations: { destructiveHint: true },
  });
  await f.tool(acme.id, {
    name: 'broken_query',
    kind: 'statement',
    connectorId: main,
    statement: 'SELECT nope FROM users',
  });
  await f.tool(acme.id, {
    name: 'with_secret',
    kind: 'statement',
    connectorId: main,
    statement: "SELECT '{{ env.MISSING_SECRET }}' AS value",
  });
  await f.tool(acme.id, {
    name: 'hello_script',
    kind: 'script',
    handlerSource:
      'export default ({ inputs }: { inputs: { who: string } }) => { console.log("greeting", inputs.who); return { greeting: "hi " + inputs.who }; }',
    inputs: [{ name: 'who', type: 'string' }],
  });
  await f.tool(acme.id, {
    name: 'throwing_script',
    kind: 'script',
    handlerSource: 'export default () => { throw new Error("no such order"); }',
  });
  await f.tool(acme.id, {
    name: 'disabled_tool',
    kind: 'statement',
    connectorId: main,
    statement: 'SELECT 1',
    enabled: false,
  });
  const down = await f.connector(
    acme.id,
    'down',
    'postgres',
    `postgres://u:hunter2@127.0.0.1:${await freePort()}/x`,
  );
  await f.tool(acme.id, {
    name: 'on_down_db',
    kind: 'statement',
    connectorId: down,
    statement: 'SELECT 1',
  });
  const own = new URL(f.database.url);
  const controlPlane = await f.connector(acme.id, 'control_plane', 'postgres', own.toString());
  await f.tool(acme.id, {
    name: 'peek_control_plane',
    kind: 'statement',
    connectorId: controlPlane,
    statement: 'SELECT * FROM users',
  });

  acmeToken = await f.token(acme.id);
  globexToken = await f.token(globex.id);
  runtime = await f.start();
});

afterAll(async () => {
  await f?.close();
  await Promise.allSettled([tenantA?.drop(), tenantB?.drop()]);
});

describe('MCP endpoint with PostgreSQL tools', () => {
  it('initializes and lists the enabled tools with schema and annotations', async () => {
    const client = await connectClient(runtime.url, 'acme', acmeToken);
    expect(client.getServerVersion()).toMatchObject({ name: 'toolplane' });
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'broken_query',
      'get_user',
      'hello_script',
      'list_users',
      'on_down_db',
      'peek_control_plane',
      'rename_user',
      'throwing_script',
      'with_secret',
    ]);
    const getUser = tools.find((t) => t.name === 'get_user')!;
    expect(getUser).toMatchObject({
      title: 'Get user',
      description: 'One user by id',
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'integer', description: 'user id' } },
        required: ['id'],
      },
      annotations: { title: 'Get user', readOnlyHint: true, idempotentHint: true },
    });
    expect(tools.find((t) => t.name === 'rename_user')!.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
    });
    await client.close();
  });

  it('calls a statement tool and returns rows as text and structuredContent', async () => {
    const client = await connectClient(runtime.url, 'acme', acmeToken);
    const result = await client.callTool({ name: 'get_user', arguments: { id: 1 } });
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text: JSON.stringify([{ id: 1, name: 'acme Ada', email: 'ada@acme.test' }]),
        },
      ],
      structuredContent: { results: [{ id: 1, name: 'acme Ada', email: 'ada@acme.test' }] },
    });
    const capped = await client.callTool({ name: 'list_users', arguments: {} });
    expect(capped.structuredContent).toEqual({
      results: [
        { id: 1, name: 'acme Ada' },
        { id: 2, name: 'acme Grace' },
      ],
      truncated: true,
    });
    const written = await client.callTool({
      name: 'rename_user',
      arguments: { id: 3, name: "O'Brien" },
    });
    expect(written.structuredContent).toEqual({ results: [{ id: 3, name: "O'Brien" }] });
    const scripted = await client.callTool({ name: 'hello_script', arguments: { who: 'Ada' } });
    expect(scripted.structuredContent).toEqual({ results: [{ greeting: 'hi Ada' }] });
    await runtime.flushInvocations();
    const logged = await listInvocations(f.db, acme.id, { toolName: 'hello_script' });
    expect(logged.items[0]).toMatchObject({
      status: 'ok',
      console: [{ level: 'log', message: 'greeting Ada' }],
    });
    await client.close();
  });

  it('answers each row of the spec error table in the JSON-RPC style', async () => {
    const client = await connectClient(runtime.url, 'acme', acmeToken);
    const unknown = await callError(client.callTool({ name: 'nope', arguments: {} }));
    expect(unknown.code).toBe(-32601);
    expect(unknown.data).toMatchObject({ stage: 'resolve', tool: 'nope' });
    const disabled = await callError(client.callTool({ name: 'disabled_tool', arguments: {} }));
    expect(disabled.code).toBe(-32601);
    const invalid = await callError(client.callTool({ name: 'get_user', arguments: { id: 'x' } }));
    expect(invalid).toMatchObject({
      code: -32000,
      data: { stage: 'input_validation', code: 'INPUT_INVALID' },
    });
    const missingSecret = await callError(client.callTool({ name: 'with_secret', arguments: {} }));
    expect(missingSecret).toMatchObject({ code: -32000, data: { stage: 'env_substitution' } });
    const query = await callError(client.callTool({ name: 'broken_query', arguments: {} }));
    expect(query).toMatchObject({
      code: -32000,
      data: { stage: 'connector', code: 'CONNECTOR_FAILED' },
    });
    expect(query.message).toContain('column "nope" does not exist');
    const script = await callError(client.callTool({ name: 'throwing_script', arguments: {} }));
    expect(script).toMatchObject({
      code: -32000,
      data: { stage: 'handler', code: 'HANDLER_FAILED' },
    });
    expect(script.message).toContain('no such order');
    expect(script.message).not.toMatch(/\n\s+at /);
    await client.close();
  });

  it('fails fast and clearly on a tenant database that is down, without leaking its URL', async () => {
    const client = await connectClient(runtime.url, 'acme', acmeToken);
    const started = performance.now();
    const down = await callError(client.callTool({ name: 'on_down_db', arguments: {} }));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(down).toMatchObject({ code: -32000, data: { stage: 'connector' } });
    expect(down.message).toContain('could not connect to PostgreSQL: connection refused');
    expect(down.message).not.toContain('hunter2');
    // Another tool of the same workspace is unaffected.
    expect(
      (await client.callTool({ name: 'get_user', arguments: { id: 2 } })).isError,
    ).toBeUndefined();
    await client.close();
  });

  it('refuses a connector pointing at the control plane database', async () => {
    const client = await connectClient(runtime.url, 'acme', acmeToken);
    const refused = await callError(client.callTool({ name: 'peek_control_plane', arguments: {} }));
    expect(refused.message).toContain("reserved for the control plane's own services");
    await client.close();
  });

  it('keeps workspaces apart: same tool name, own definition and database; foreign tokens refused', async () => {
    const a = await connectClient(runtime.url, 'acme', acmeToken);
    const b = await connectClient(runtime.url, 'globex', globexToken);
    expect(
      (await a.callTool({ name: 'get_user', arguments: { id: 2 } })).structuredContent,
    ).toEqual({
      results: [{ id: 2, name: 'acme Grace', email: null }],
    });
    expect(
      (await b.callTool({ name: 'get_user', arguments: { id: 2 } })).structuredContent,
    ).toEqual({
      results: [{ id: 2, name: 'globex Grace', email: null }],
    });
    expect((await b.listTools()).tools.map((t) => t.name)).toEqual(['get_user']);
    await Promise.all([a.close(), b.close()]);
    const foreign = await postMcp(
      runtime.url,
      'globex',
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { authorization: `Bearer ${acmeToken}` },
    );
    expect(foreign.status).toBe(401);
  });

  it('answers 401 the same way for every bad credential', async () => {
    const expired = await f.token(acme.id, { name: 'old', expiresAt: new Date(Date.now() - 1000) });
    const revokedToken = await f.token(acme.id, { name: 'revoked' });
    const revokedId = (await listApiTokens(f.db, acme.id)).find((t) => t.name === 'revoked')!.id;
    await revokeApiToken(f.db, acme.id, revokedId);
    const bodies = new Set<string>();
    for (const authorization of [
      undefined,
      'Basic abc',
      'Bearer tp_short',
      `Bearer tp_${'A'.repeat(43)}`,
      `Bearer ${expired}`,
      `Bearer ${revokedToken}`,
      `Bearer ${globexToken}`,
    ]) {
      const res = await postMcp(
        runtime.url,
        'acme',
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        authorization ? { authorization } : {},
      );
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      bodies.add(await res.text());
    }
    expect(bodies.size).toBe(1);
    const unknownSlug = await postMcp(
      runtime.url,
      'no-such-ws',
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { authorization: `Bearer ${acmeToken}` },
    );
    expect(unknownSlug.status).toBe(401);
  });

  it('accepts a short-lived signed token and refuses an expired or wrongly signed one', async () => {
    const minted = mintRuntimeToken(f.signingKey, {
      userId: f.ownerId,
      workspaceId: acme.id,
      ttlSeconds: 300,
    });
    const client = await connectClient(runtime.url, 'acme', minted);
    expect(
      (await client.callTool({ name: 'get_user', arguments: { id: 1 } })).isError,
    ).toBeUndefined();
    await client.close();
    const expired = mintRuntimeToken(f.signingKey, {
      userId: f.ownerId,
      workspaceId: acme.id,
      ttlSeconds: 60,
      now: Date.now() - 10 * 60_000,
    });
    const forged = mintRuntimeToken(new Uint8Array(32), {
      userId: f.ownerId,
      workspaceId: acme.id,
      ttlSeconds: 60,
    });
    const otherWorkspace = mintRuntimeToken(f.signingKey, {
      userId: f.ownerId,
      workspaceId: globex.id,
      ttlSeconds: 60,
    });
    for (const token of [expired, forged, otherWorkspace]) {
      const res = await postMcp(
        runtime.url,
        'acme',
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { authorization: `Bearer ${token}` },
      );
      expect(res.status).toBe(401);
    }
  });

  it('hides tools a token may not call: absent from the list, -32601 by name', async () => {
    const limited = await f.token(acme.id, {
      name: 'limited',
      allTools: false,
      toolNames: ['list_users'],
    });
    const client = await connectClient(runtime.url, 'acme', limited);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['list_users']);
    const hidden = await callError(client.callTool({ name: 'get_user', arguments: { id: 1 } }));
    expect(hidden.code).toBe(-32601);
    expect(hidden.message).toBe(
      (await callError(client.callTool({ name: 'nope', arguments: {} }))).message.replace(
        'nope',
        'get_user',
      ),
    );
    await client.close();
  });

  it('paginates tools/list with a cursor', async () => {
    const paged = await f.start({ pageSize: 3 });
    const client = await connectClient(paged.url, 'acme', acmeToken);
    const walk = async () => {
      const pages: unknown[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor });
        pages.push(page);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return pages as Awaited<ReturnType<typeof client.listTools>>[];
    };
    const pages = await walk();
    const names = pages.flatMap((page) => page.tools.map((t) => t.name));
    expect(pages).toHaveLength(3);
    expect(names).toEqual([...names].sort());
    expect(names).toHaveLength(9);
    // The second walk is answered from the cached pages: the same pages, cursors included.
    expect(await walk()).toEqual(pages);
    const bad = await callError(client.listTools({ cursor: '!!' }));
    expect(bad.code).toBe(-32602);
    await client.close();
  });

  it('reports stage failures as isError results in the result error style', async () => {
    await f.tool(globex.id, {
      name: 'broken',
      kind: 'statement',
      connectorId: (await getToolByName(f.db, globex.id, 'get_user'))!.connectorId!,
      statement: 'SELECT nope',
    });
    await updateWorkspaceSettings(f.db, globex.id, {
      expectedVersion: globex.version,
      errorStyle: 'result',
    });
    const fresh = await f.start();
    const client = await connectClient(fresh.url, 'globex', globexToken);
    const failed = await client.callTool({ name: 'broken', arguments: {} });
    expect(failed).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'CONNECTOR_FAILED', stage: 'connector' } },
    });
    const invalid = await client.callTool({ name: 'get_user', arguments: {} });
    expect(invalid).toMatchObject({
      isError: true,
      structuredContent: { error: { stage: 'input_validation' } },
    });
    const unknown = await callError(client.callTool({ name: 'nope', arguments: {} }));
    expect(unknown.code).toBe(-32601);
    await client.close();
  });

  it('never logs tenant passwords or tokens', () => {
    const all = f.logs.join('\n');
    expect(all).not.toContain('hunter2');
    expect(all).not.toContain(acmeToken);
  });
});

describe('MCP transport edges', () => {
  const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
  const auth = () => ({ authorization: `Bearer ${acmeToken}` });

  it('answers GET and DELETE with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${runtime.url}/t/acme/mcp`, { method, headers: auth() });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it('answers malformed JSON with -32700, oversized bodies with 413', async () => {
    const malformed = await postMcp(runtime.url, 'acme', '{"jsonrpc":', auth());
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700 },
    });
    const huge = await postMcp(
      runtime.url,
      'acme',
      { ...ping, params: { pad: 'x'.repeat(1024 * 1024 + 10) } },
      auth(),
    );
    expect(huge.status).toBe(413);
    expect((await fetch(`${runtime.url}/healthz`)).status).toBe(200);
  });

  it('refuses a foreign Origin or Host, allows a loopback Origin with CORS', async () => {
    const foreign = await postMcp(runtime.url, 'acme', ping, {
      ...auth(),
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    const local = await postMcp(runtime.url, 'acme', ping, {
      ...auth(),
      origin: 'http://localhost:3000',
    });
    expect(local.status).toBe(200);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const preflight = await fetch(`${runtime.url}/t/acme/mcp`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('mcp-protocol-version');
  });

  it('negotiates protocol versions and validates the header', async () => {
    for (const version of ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07']) {
      const res = await postMcp(
        runtime.url,
        'acme',
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: version,
            capabilities: {},
            clientInfo: { name: 't', version: '1' },
          },
        },
        auth(),
      );
      expect(
        ((await res.json()) as { result: { protocolVersion: string } }).result.protocolVersion,
      ).toBe(version);
    }
    const future = await postMcp(
      runtime.url,
      'acme',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2099-01-01',
          capabilities: {},
          clientInfo: { name: 't', version: '1' },
        },
      },
      auth(),
    );
    expect(
      ((await future.json()) as { result: { protocolVersion: string } }).result.protocolVersion,
    ).toBe('2025-11-25');
    const badHeader = await postMcp(runtime.url, 'acme', ping, {
      ...auth(),
      'mcp-protocol-version': '1999-01-01',
    });
    expect(badHeader.status).toBe(400);
  });

  it('answers notifications with 202, batches only in versions that have them', async () => {
    const note = await postMcp(
      runtime.url,
      'acme',
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      auth(),
    );
    expect(note.status).toBe(202);
    const batch = [
      ping,
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'get_user', arguments: { id: 1 } },
      },
      { jsonrpc: '2.0', method: 'notifications/x' },
    ];
    const old = await postMcp(runtime.url, 'acme', batch, {
      ...auth(),
      'mcp-protocol-version': '2025-03-26',
    });
    const answers = (await old.json()) as { id: number }[];
    expect(answers.map((a) => a.id)).toEqual([1, 2]);
    const modern = await postMcp(runtime.url, 'acme', batch, {
      ...auth(),
      'mcp-protocol-version': '2025-06-18',
    });
    expect(modern.status).toBe(400);
    const unknownMethod = await postMcp(
      runtime.url,
      'acme',
      { jsonrpc: '2.0', id: 9, method: 'resources/list' },
      auth(),
    );
    expect(await unknownMethod.json()).toMatchObject({ id: 9, error: { code: -32601 } });
  });
});
