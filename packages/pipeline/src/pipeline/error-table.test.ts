import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { PipelineErrorCode } from '../errors/pipeline-error';
import type { PipelineStage } from '../errors/pipeline-stage';
import type { MemoryPortsOptions } from '../testing/create-memory-ports';
import { createMemoryPorts } from '../testing/create-memory-ports';
import { compileTestTool, createTestRequest } from '../testing/test-tools';
import { executeToolCall } from './execute-tool-call';

const getUser = compileTestTool({
  kind: 'statement',
  name: 'get-user',
  connector: 'pg',
  statement: "SELECT * FROM users WHERE id = {{ inputs.user_id }} AND org = '{{ env.ORG }}'",
  inputs: { user_id: { type: 'int' } },
});
const guarded = compileTestTool({
  kind: 'statement',
  name: 'guarded',
  connector: 'pg',
  statement: 'SELECT 1',
  auth: { plugin: 'api_key', policy: { value: '{{ env.TOOL_KEY }}' } },
});
const mapped = compileTestTool({
  kind: 'statement',
  name: 'mapped',
  connector: 'pg',
  statement: 'SELECT {{ inputs.n }}::int AS n',
  inputs: { n: { type: 'int' } },
  mappers: { input: 'in.ts', output: 'out.ts' },
});
const scripted = compileTestTool({
  kind: 'script',
  name: 'scripted',
  handler: 'handler.ts',
  inputs: { name: { type: 'string' } },
});

const SECRETS = { ws_test: { ORG: 'acme-org-secret', TOOL_KEY: 'k3y-value' } };

interface Row {
  label: string;
  stage: PipelineStage;
  code: PipelineErrorCode;
  rpc: -32601 | -32000;
  tool: string;
  args: unknown;
  message: string;
  ports?: MemoryPortsOptions;
  headers?: Record<string, string>;
}

// The spec's error table (execution-pipeline.md, "Error propagation"), row by row.
const TABLE: Row[] = [
  {
    label: 'tool resolution: tool name not found',
    stage: 'resolve',
    code: 'TOOL_NOT_FOUND',
    rpc: -32601,
    tool: 'no-such-tool',
    args: {},
    message: "tool 'no-such-tool' not found",
  },
  {
    label: 'authentication: plugin returns error',
    stage: 'auth',
    code: 'AUTH_DENIED',
    rpc: -32000,
    tool: 'guarded',
    args: {},
    headers: { 'x-api-key': 'wrong' },
    message: 'authentication failed: invalid API key',
  },
  {
    label: 'input transform: script throws',
    stage: 'input_transform',
    code: 'INPUT_TRANSFORM_FAILED',
    rpc: -32000,
    tool: 'mapped',
    args: { n: 1 },
    ports: {
      scripts: {
        'in.ts': () => {
          throw new Error('n must be positive');
        },
      },
    },
    message: 'n must be positive',
  },
  {
    label: 'input validation: missing input',
    stage: 'input_validation',
    code: 'INPUT_INVALID',
    rpc: -32000,
    tool: 'get-user',
    args: {},
    message: "input 'user_id': required",
  },
  {
    label: 'input validation: type mismatch',
    stage: 'input_validation',
    code: 'INPUT_INVALID',
    rpc: -32000,
    tool: 'get-user',
    args: { user_id: 'abc' },
    message: 'input \'user_id\': expected int, got "abc"',
  },
  {
    label: 'env substitution: missing variable',
    stage: 'env_substitution',
    code: 'SECRET_MISSING',
    rpc: -32000,
    tool: 'get-user',
    args: { user_id: 1 },
    ports: { secrets: {} },
    message: "secret 'ORG' is not set",
  },
  {
    label: 'connector execution: query error',
    stage: 'connector',
    code: 'CONNECTOR_FAILED',
    rpc: -32000,
    tool: 'get-user',
    args: { user_id: 1 },
    ports: {
      connector: () => {
        throw new Error(
          'relation "users" does not exist (org acme-org-secret)\n    at Parser.parseErrorMessage (/app/node_modules/pg-protocol/dist/parser.js:287:98)',
        );
      },
    },
    message: 'relation "users" does not exist (org [redacted])',
  },
  {
    label: 'handler execution: script throws',
    stage: 'handler',
    code: 'HANDLER_FAILED',
    rpc: -32000,
    tool: 'scripted',
    args: { name: 'x' },
    ports: {
      scripts: {
        'handler.ts': () => {
          throw new Error('upstream returned 503');
        },
      },
    },
    message: 'upstream returned 503',
  },
  {
    label: 'output transform: script throws',
    stage: 'output_transform',
    code: 'OUTPUT_TRANSFORM_FAILED',
    rpc: -32000,
    tool: 'mapped',
    args: { n: 1 },
    ports: {
      scripts: {
        'in.ts': (payload) => (payload as { inputs: object }).inputs,
        'out.ts': () => {
          throw new TypeError("Cannot read properties of undefined (reading 'id')");
        },
      },
    },
    message: "Cannot read properties of undefined (reading 'id')",
  },
];

async function call(row: Row, errorStyle: 'jsonrpc' | 'result') {
  const ports = createMemoryPorts({
    tools: { ws_test: [getUser, guarded, mapped, scripted] },
    secrets: SECRETS,
    connector: () => ({ rows: [{ id: 1 }] }),
    ...row.ports,
  });
  return executeToolCall(
    createTestRequest(row.tool, row.args, {
      requestId: 'req-7',
      workspace: { id: 'ws_test', errorStyle },
      caller: { headers: row.headers ?? {}, token: { id: 'tok_1', tools: 'all', scopes: [] } },
    }),
    ports,
  );
}

describe('the spec error table, JSON-RPC error style (default)', () => {
  it.each(TABLE)('$label → $rpc', async (row) => {
    const outcome = await call(row, 'jsonrpc');
    expect(outcome.ok).toBe(false);
    expect(outcome.response).toEqual({
      kind: 'jsonrpc',
      error: {
        code: row.rpc,
        message: row.message,
        data: { code: row.code, stage: row.stage, tool: row.tool, requestId: 'req-7' },
      },
    });
    expect(outcome.error).toEqual({ code: row.code, stage: row.stage, message: row.message });
    expect(outcome.timings[row.stage]).toBeGreaterThanOrEqual(0);
  });
});

describe('the spec error table, result error style', () => {
  it.each(TABLE)('$label', async (row) => {
    const outcome = await call(row, 'result');
    if (row.code === 'TOOL_NOT_FOUND') {
      expect(outcome.response.kind).toBe('jsonrpc');
      return;
    }
    expect(outcome.response).toEqual({
      kind: 'result',
      result: {
        isError: true,
        content: [{ type: 'text', text: row.message }],
        structuredContent: { error: { code: row.code, stage: row.stage, message: row.message } },
      },
    });
    if (outcome.response.kind === 'result') {
      expect(CallToolResultSchema.safeParse(outcome.response.result).success).toBe(true);
    }
  });
});

describe('error messages never leak', () => {
  it('keeps stacks, paths, connection strings and secret values out', async () => {
    const outcome = await call(
      {
        ...TABLE[6]!,
        ports: {
          connector: () => {
            throw new Error(
              'connect ECONNREFUSED postgres://app:pw@10.0.0.5:5432/acme using acme-org-secret\n    at TCPConnectWrap.afterConnect (node:net:1:1)\n    at /srv/runtime/dist/pool.js:12:3',
            );
          },
        },
      },
      'jsonrpc',
    );
    const text = JSON.stringify(outcome.response);
    for (const leak of ['postgres://', 'pw@', 'acme-org-secret', '/srv/', 'at TCP']) {
      expect(text).not.toContain(leak);
    }
    expect(outcome.error?.message).toBe(
      'connect ECONNREFUSED [connection string] using [redacted]',
    );
  });

  it('reports a bug in a port as a generic internal error', async () => {
    const ports = createMemoryPorts({ tools: { ws_test: [getUser] }, secrets: SECRETS });
    const broken = {
      ...ports,
      tools: {
        get: () => {
          throw new Error('registry exploded at /srv/x.js');
        },
      },
    };
    const outcome = await executeToolCall(createTestRequest('get-user', { user_id: 1 }), broken);
    expect(outcome.response).toEqual({
      kind: 'jsonrpc',
      error: {
        code: -32000,
        message: 'internal error (request 1)',
        data: { code: 'INTERNAL', stage: 'resolve', tool: 'get-user', requestId: 1 },
      },
    });
  });
});
