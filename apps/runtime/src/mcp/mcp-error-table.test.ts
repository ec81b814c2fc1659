import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { createTenantPostgres, type TenantDatabase } from '@toolplane/connectors/test-support';
import { setSecret, updateWorkspaceSettings } from '@toolplane/db';
import { pgAdminUrl } from '@toolplane/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRuntime } from '../start-runtime';
import {
  connectClient,
  createRuntimeFixture,
  type RuntimeFixture,
} from '../test-support/runtime-fixture';

// Every row of spec/execution-pipeline.md's error table, observed by the MCP SDK client, in the
// JSON-RPC error style and in the `isError` result style.
const ROWS = [
  {
    row: 'Tool resolution: tool name not found',
    tool: 'no_such_tool',
    args: {},
    code: 'TOOL_NOT_FOUND',
    stage: 'resolve',
  },
  {
    row: 'Authentication: plugin returns error',
    tool: 'guarded',
    args: {},
    code: 'AUTH_DENIED',
    stage: 'auth',
  },
  {
    row: 'Input transform: script throws',
    tool: 'bad_input_mapper',
    args: { id: 1 },
    code: 'INPUT_TRANSFORM_FAILED',
    stage: 'input_transform',
  },
  {
    row: 'Input validation: missing input',
    tool: 'lookup',
    args: {},
    code: 'INPUT_INVALID',
    stage: 'input_validation',
  },
  {
    row: 'Input validation: type mismatch',
    tool: 'lookup',
    args: { id: 4.5 },
    code: 'INPUT_INVALID',
    stage: 'input_validation',
  },
  {
    row: 'Env substitution: missing variable',
    tool: 'needs_missing_secret',
    args: {},
    code: 'SECRET_MISSING',
    stage: 'env_substitution',
  },
  {
    row: 'Connector execution: query error',
    tool: 'bad_query',
    args: {},
    code: 'CONNECTOR_FAILED',
    stage: 'connector',
  },
  {
    row: 'Handler execution: script throws',
    tool: 'bad_handler',
    args: {},
    code: 'HANDLER_FAILED',
    stage: 'handler',
  },
  {
    row: 'Output transform: script throws',
    tool: 'bad_output_mapper',
    args: { id: 1 },
    code: 'OUTPUT_TRANSFORM_FAILED',
    stage: 'output_transform',
  },
] as const;

const SECRET_VALUE = 'sup3r-s3cret-greeting';

let f: RuntimeFixture;
let runtime: RunningRuntime;
let tenant: TenantDatabase;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  f = await createRuntimeFixture();
  tenant = await createTenantPostgres(
    pgAdminUrl(),
    "CREATE TABLE items (id int PRIMARY KEY, name text); INSERT INTO items VALUES (1, 'one');",
  );
  for (const style of ['jsonrpc', 'result'] as const) {
    const ws = await f.workspace(`table-${style}`);
    if (style === 'result')
      await updateWorkspaceSettings(f.db, ws.id, {
        expectedVersion: ws.version,
        errorStyle: 'result',
      });
    await setSecret(f.db, f.keyring, ws.id, { name: 'GREETING', value: SECRET_VALUE });
    const main = await f.connector(ws.id, 'main', 'postgres', tenant.url);
    const lookup = {
      kind: 'statement' as const,
      connectorId: main,
      statement: 'SELECT id, name FROM items WHERE id = {{ inputs.id }}',
      inputs: [{ name: 'id', type: 'int' }],
    };
    await f.tool(ws.id, { name: 'lookup', ...lookup });
    await f.tool(ws.id, {
      name: 'guarded',
      ...lookup,
      inputs: [],
      statement: 'SELECT 1 AS one',
      authInline: { plugin: 'token_scopes', params: { scopes: ['items:admin'] } },
    });
    await f.tool(ws.id, {
      name: 'bad_input_mapper',
      ...lookup,
      inputMapperSource: "export default () => { throw new Error('mapper refused the input'); }",
    });
    await f.tool(ws.id, {
      name: 'bad_output_mapper',
      ...lookup,
      outputMapperSource: "export default () => { throw new Error('mapper refused the output'); }",
    });
    await f.tool(ws.id, {
      name: 'needs_missing_secret',
      kind: 'statement',
      connectorId: main,
      statement: "SELECT '{{ env.NOT_SET }}' AS v",
    });
    await f.tool(ws.id, {
      name: 'uses_secret',
      kind: 'statement',
      connectorId: main,
      statement: "SELECT length('{{ env.GREETING }}') AS n",
    });
    await f.tool(ws.id, {
      name: 'bad_query',
      kind: 'statement',
      connectorId: main,
      statement: 'SELECT nope FROM items',
    });
    await f.tool(ws.id, {
      name: 'bad_handler',
      kind: 'script',
      handlerSource: "export default () => { throw new Error('handler failed on purpose'); }",
    });
    await f.tool(ws.id, {
      name: 'mapped',
      ...lookup,
      inputMapperSource: 'export default ({ inputs }) => ({ id: Number(inputs.id) })',
      outputMapperSource:
        'export default ({ results }) => results.map((r) => ({ ...r, name: r.name.toUpperCase() }))',
    });
    tokens[style] = await f.token(ws.id, { name: 'reader', scopes: ['items:read'] });
  }
  runtime = await f.start();
});

afterAll(async () => {
  await f?.close();
  await tenant?.drop();
});

async function client(style: 'jsonrpc' | 'result'): Promise<Client> {
  return connectClient(runtime.url, `table-${style}`, tokens[style]!);
}

describe('the spec error table at the client', () => {
  it.each(ROWS)('JSON-RPC style — $row', async ({ tool, args, code, stage }) => {
    const c = await client('jsonrpc');
    try {
      await c.callTool({ name: tool, arguments: args });
      throw new Error('expected an error');
    } catch (error) {
      expect(error).toBeInstanceOf(McpError);
      const e = error as McpError;
      expect(e.code).toBe(code === 'TOOL_NOT_FOUND' ? -32601 : -32000);
      expect(e.data).toMatchObject({
        code,
        stage,
        tool,
        requestId: expect.stringMatching(/^req_/),
      });
      expect(e.message).not.toMatch(/\n\s+at |node_modules|\/work\//);
    } finally {
      await c.close();
    }
  });

  it.each(ROWS)('isError result style — $row', async ({ tool, args, code, stage }) => {
    const c = await client('result');
    try {
      if (code === 'TOOL_NOT_FOUND') {
        // Unknown tools are -32601 in either style.
        await expect(c.callTool({ name: tool, arguments: args })).rejects.toMatchObject({
          code: -32601,
        });
        return;
      }
      const result = await c.callTool({ name: tool, arguments: args });
      expect(result).toMatchObject({
        isError: true,
        structuredContent: { error: { code, stage } },
      });
      const text = (result.content as { text: string }[])[0]!.text;
      expect(text).toBe((result.structuredContent as { error: { message: string } }).error.message);
    } finally {
      await c.close();
    }
  });

  it('carries script and connector messages, never stacks or secrets', async () => {
    const c = await client('jsonrpc');
    const message = async (tool: string, args: Record<string, unknown>) => {
      try {
        await c.callTool({ name: tool, arguments: args });
      } catch (error) {
        return (error as McpError).message;
      }
      throw new Error('expected an error');
    };
    expect(await message('bad_input_mapper', { id: 1 })).toContain('mapper refused the input');
    expect(await message('bad_output_mapper', { id: 1 })).toContain('mapper refused the output');
    expect(await message('bad_handler', {})).toContain('handler failed on purpose');
    expect(await message('bad_query', {})).toContain('column "nope" does not exist');
    expect(await message('guarded', {})).toContain('items:admin');
    await c.close();
  });

  it('passes on success through both mappers and binds secrets without showing them', async () => {
    const c = await client('jsonrpc');
    expect(
      (await c.callTool({ name: 'mapped', arguments: { id: '1' } })).structuredContent,
    ).toEqual({
      results: [{ id: 1, name: 'ONE' }],
    });
    expect((await c.callTool({ name: 'uses_secret', arguments: {} })).structuredContent).toEqual({
      results: [{ n: SECRET_VALUE.length }],
    });
    await c.close();
    expect(f.logs.join('\n')).not.toContain(SECRET_VALUE);
  });
});
