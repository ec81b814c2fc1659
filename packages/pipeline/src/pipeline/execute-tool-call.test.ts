import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { SqlConnectorRequest } from '../ports/pipeline-ports';
import { createMemoryPorts } from '../testing/create-memory-ports';
import { compileTestTool, createTestRequest } from '../testing/test-tools';
import { executeToolCall } from './execute-tool-call';

const searchUsers = compileTestTool({
  kind: 'statement',
  name: 'search-users',
  connector: 'pg',
  statement:
    "SELECT id, name FROM users WHERE org = '{{ env.ORG }}' AND name ILIKE '%{{ inputs.q }}%' AND age >= {{ inputs.min_age }} LIMIT {{ inputs.limit }}",
  inputs: {
    q: { type: 'string' },
    min_age: { type: 'int', default: 18 },
    limit: { type: 'int', optional: true },
  },
  readOnly: true,
  rowLimit: 2,
  timeoutMs: 5000,
});

function resultOf(outcome: Awaited<ReturnType<typeof executeToolCall>>) {
  expect(outcome.response.kind, JSON.stringify(outcome.response)).toBe('result');
  if (outcome.response.kind !== 'result') throw new Error('not a result');
  expect(CallToolResultSchema.safeParse(outcome.response.result).success).toBe(true);
  return outcome.response.result;
}

describe('executeToolCall: statement tools', () => {
  it('runs the stages in order and binds every value', async () => {
    const ports = createMemoryPorts({
      tools: { ws_test: [searchUsers] },
      secrets: { ws_test: { ORG: 'acme' } },
      connector: () => ({ rows: [{ id: 1n, name: 'Ann' }] }),
    });
    const outcome = await executeToolCall(
      createTestRequest(
        'search-users',
        { q: 'an' },
        { workspace: { id: 'ws_test', limits: { timeoutMs: 1000 } } },
      ),
      ports,
    );
    expect(resultOf(outcome)).toEqual({
      content: [{ type: 'text', text: '[{"id":1,"name":"Ann"}]' }],
      structuredContent: { results: [{ id: 1, name: 'Ann' }] },
    });
    expect(ports.connectorCalls).toEqual([
      {
        workspaceId: 'ws_test',
        connector: 'pg',
        type: 'postgres',
        text: 'SELECT id, name FROM users WHERE org = $1 AND name ILIKE $2 AND age >= $3 LIMIT $4',
        params: ['acme', '%an%', 18, null],
        paramTypes: ['text', 'text', 'int', 'int'],
        readOnly: true,
        maxRows: 2,
        timeoutMs: 1000,
      },
    ]);
    expect(Object.keys(outcome.timings)).toEqual([
      'resolve',
      'input_transform',
      'input_validation',
      'env_substitution',
      'input_substitution',
      'connector',
      'serialization',
    ]);
    expect(outcome).toMatchObject({ ok: true, rowCount: 1, truncated: false, cacheHit: undefined });
    expect(outcome.totalMs).toBeGreaterThanOrEqual(0);
  });

  it('cuts rows at the row cap (the workspace ceiling wins when lower)', async () => {
    const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];
    const ports = createMemoryPorts({
      tools: { ws_test: [searchUsers] },
      secrets: { ws_test: { ORG: 'acme' } },
      connector: () => ({ rows }),
    });
    const capped = resultOf(
      await executeToolCall(createTestRequest('search-users', { q: '' }), ports),
    );
    expect(capped.structuredContent).toEqual({ results: [{ id: 1 }, { id: 2 }], truncated: true });
    const ceiling = await executeToolCall(
      createTestRequest(
        'search-users',
        { q: '' },
        { workspace: { id: 'ws_test', limits: { maxRows: 1 } } },
      ),
      ports,
    );
    expect(resultOf(ceiling).structuredContent).toEqual({ results: [{ id: 1 }], truncated: true });
    expect((ports.connectorCalls[1] as SqlConnectorRequest).maxRows).toBe(1);
  });

  it('refuses a result over the workspace size limit', async () => {
    const ports = createMemoryPorts({
      tools: { ws_test: [searchUsers] },
      secrets: { ws_test: { ORG: 'acme' } },
      connector: () => ({ rows: [{ name: 'é'.repeat(40) }] }),
    });
    const run = (maxResultBytes: number) =>
      executeToolCall(
        createTestRequest(
          'search-users',
          { q: '' },
          { workspace: { id: 'ws_test', limits: { maxResultBytes } } },
        ),
        ports,
      );
    expect((await run(100)).ok).toBe(true);
    expect((await run(60)).error).toEqual({
      code: 'RESULT_TOO_LARGE',
      stage: 'serialization',
      message:
        "the result is 93 bytes, over this workspace's limit of 60 bytes: ask for fewer rows",
    });
  });

  it('passes the truncation a connector reports', async () => {
    const ports = createMemoryPorts({
      tools: { ws_test: [searchUsers] },
      secrets: { ws_test: { ORG: 'acme' } },
      connector: () => ({ rows: [{ id: 1 }], truncated: true }),
    });
    const outcome = await executeToolCall(createTestRequest('search-users', { q: '' }), ports);
    expect(resultOf(outcome).structuredContent).toEqual({ results: [{ id: 1 }], truncated: true });
  });

  it('serializes driver values predictably', async () => {
    const ports = createMemoryPorts({
      tools: { ws_test: [searchUsers] },
      secrets: { ws_test: { ORG: 'acme' } },
      connector: () => ({
        rows: [
          {
            big: 12345678901234567890n,
            small: 7n,
            at: new Date('2024-05-06T07:08:09.010Z'),
            bytes: Uint8Array.from([0xde, 0xad, 0xbe, 0xef]),
            numeric: '1234.5600',
            nothing: null,
          },
        ],
      }),
    });
    const result = resultOf(
      await executeToolCall(createTestRequest('search-users', { q: '' }), ports),
    );
    const row = {
      big: '12345678901234567890',
      small: 7,
      at: '2024-05-06T07:08:09.010Z',
      bytes: '3q2+7w==',
      numeric: '1234.5600',
      nothing: null,
    };
    expect(result.structuredContent).toEqual({ results: [row] });
    expect(JSON.parse((result.content as [{ text: string }])[0].text)).toEqual([row]);
  });

  it('sends Redis commands as argv', async () => {
    const getSession = compileTestTool({
      kind: 'statement',
      name: 'get-session',
      connector: 'kv',
      statement: 'HGET session:{{ inputs.id }} {{ inputs.field }}',
      inputs: { id: { type: 'string' }, field: { type: 'string' } },
    });
    const ports = createMemoryPorts({
      tools: { ws_test: [getSession] },
      connector: () => ({ rows: 'value' }),
    });
    const outcome = await executeToolCall(
      createTestRequest('get-session', { id: 'a b', field: 'x y' }),
      ports,
    );
    expect(resultOf(outcome).structuredContent).toEqual({ results: [{ value: 'value' }] });
    expect(ports.connectorCalls[0]).toMatchObject({
      type: 'redis',
      command: 'HGET',
      args: ['session:a b', 'x y'],
    });
  });

  it('refuses arguments that are not an object', async () => {
    const ports = createMemoryPorts({ tools: { ws_test: [searchUsers] } });
    const outcome = await executeToolCall(createTestRequest('search-users', ['x']), ports);
    expect(outcome.error).toEqual({
      code: 'INPUT_INVALID',
      stage: 'input_validation',
      message: 'arguments must be a JSON object',
    });
  });

  it('answers -32601 for a tool the token may not call, as for a missing one', async () => {
    const ports = createMemoryPorts({ tools: { ws_test: [searchUsers] } });
    const outcome = await executeToolCall(
      createTestRequest(
        'search-users',
        { q: '' },
        {
          caller: { headers: {}, token: { id: 'tok_2', tools: ['other-tool'], scopes: [] } },
        },
      ),
      ports,
    );
    expect(outcome.response).toMatchObject({ kind: 'jsonrpc', error: { code: -32601 } });
    expect(ports.connectorCalls).toEqual([]);
  });

  it('never serves one workspace the tools of another', async () => {
    const ports = createMemoryPorts({ tools: { ws_other: [searchUsers] } });
    const outcome = await executeToolCall(createTestRequest('search-users', { q: '' }), ports);
    expect(outcome.response).toMatchObject({ kind: 'jsonrpc', error: { code: -32601 } });
  });
});

describe('executeToolCall: the injection corpus end to end', () => {
  const HOSTILE = [
    "' OR '1'='1",
    "x'; DROP TABLE users; --",
    '1; DELETE FROM users',
    '/* */ UNION SELECT * FROM secrets --',
    "\\'; --",
    '\u2019; DROP TABLE t; \u2018',
    'nul\u0000',
    '$1 $$ ? {{ env.ORG }}',
    'y'.repeat(50_000),
  ];
  it.each(HOSTILE.map((v) => [v.slice(0, 40), v]))(
    '%j never reaches the statement text',
    async (_l, value) => {
      const ports = createMemoryPorts({
        tools: { ws_test: [searchUsers] },
        secrets: { ws_test: { ORG: 'acme' } },
      });
      await executeToolCall(createTestRequest('search-users', { q: value, limit: 5 }), ports);
      const request = ports.connectorCalls[0] as SqlConnectorRequest;
      expect(request.text).toBe(
        'SELECT id, name FROM users WHERE org = $1 AND name ILIKE $2 AND age >= $3 LIMIT $4',
      );
      expect(request.params).toEqual(['acme', `%${value}%`, 18, 5]);
    },
  );
});

describe('executeToolCall: transforms and handlers', () => {
  const hello = compileTestTool({
    kind: 'script',
    name: 'hello',
    handler: 'hello.ts',
    inputs: { name: { type: 'string' }, times: { type: 'int', default: 1 } },
    secrets: ['GREETING'],
    mappers: { input: 'in.ts', output: 'out.ts' },
  });

  it('passes inputs through the mapper, validates them after it, and shapes every result', async () => {
    const events: string[] = [];
    const ports = createMemoryPorts({
      tools: { ws_test: [hello] },
      secrets: { ws_test: { GREETING: 'Hi' } },
      scripts: {
        'in.ts': (payload) => {
          events.push(`in:${JSON.stringify(payload)}`);
          const { inputs } = payload as { inputs: { who: string } };
          return { name: inputs.who.trim() };
        },
        'hello.ts': (payload, request) => {
          events.push(`handler:${JSON.stringify(payload)}:${JSON.stringify(request.env)}`);
          return `${request.env.GREETING} ${(payload as { inputs: { name: string } }).inputs.name}`;
        },
        'out.ts': (payload) => {
          events.push(`out:${JSON.stringify(payload)}`);
          return { greeting: (payload as { results: [{ value: string }] }).results[0].value };
        },
      },
    });
    const outcome = await executeToolCall(createTestRequest('hello', { who: '  Ann ' }), ports);
    expect(resultOf(outcome).structuredContent).toEqual({ results: [{ greeting: 'Hi Ann' }] });
    expect(events).toEqual([
      'in:{"inputs":{"who":"  Ann "},"tool":"hello"}',
      'handler:{"inputs":{"name":"Ann","times":1},"tool":"hello"}:{"GREETING":"Hi"}',
      'out:{"results":[{"value":"Hi Ann"}],"tool":"hello"}',
    ]);
    expect(ports.scriptCalls.map((c) => [c.role, c.env])).toEqual([
      ['input_mapper', {}],
      ['handler', { GREETING: 'Hi' }],
      ['output_mapper', {}],
    ]);
    // Every script sees the call's request id (the JSON-RPC id, as a string).
    expect(ports.scriptCalls.map((c) => c.requestId)).toEqual(['1', '1', '1']);
    expect(Object.keys(outcome.timings)).toEqual([
      'resolve',
      'input_transform',
      'input_validation',
      'env_substitution',
      'handler',
      'output_transform',
      'serialization',
    ]);
  });

  it('holds a mapper to the declaration', async () => {
    const ports = createMemoryPorts({
      tools: { ws_test: [hello] },
      secrets: { ws_test: { GREETING: 'Hi' } },
      scripts: { 'in.ts': () => ({ name: 'a', extra: true }) },
    });
    const outcome = await executeToolCall(createTestRequest('hello', {}), ports);
    expect(outcome.error).toEqual({
      code: 'INPUT_INVALID',
      stage: 'input_validation',
      message: "input 'extra': not declared by tool 'hello'",
    });
  });

  it('refuses a mapper that does not return an object', async () => {
    const ports = createMemoryPorts({
      tools: { ws_test: [hello] },
      scripts: { 'in.ts': () => [1] },
    });
    const outcome = await executeToolCall(createTestRequest('hello', {}), ports);
    expect(outcome.error).toEqual({
      code: 'INPUT_TRANSFORM_FAILED',
      stage: 'input_transform',
      message: 'the input mapper must return an object, got an array',
    });
  });

  const plain = compileTestTool({ kind: 'script', name: 'plain', handler: 'plain.ts' });
  const shapes: [string, unknown, unknown[]][] = [
    ['null', null, []],
    ['undefined', undefined, []],
    ['an object', { a: 1 }, [{ a: 1 }]],
    ['a scalar', 42, [{ value: 42 }]],
    ['an array of objects', [{ a: 1 }, { a: 2 }], [{ a: 1 }, { a: 2 }]],
    ['an array of scalars', ['x', 2], [{ value: 'x' }, { value: 2 }]],
    ['a Date', new Date(0), [{ value: '1970-01-01T00:00:00.000Z' }]],
  ];
  it.each(shapes)('shapes a handler returning %s', async (_label, value, results) => {
    const ports = createMemoryPorts({
      tools: { ws_test: [plain] },
      scripts: { 'plain.ts': () => value },
    });
    const result = resultOf(await executeToolCall(createTestRequest('plain', {}), ports));
    expect(result.structuredContent).toEqual({ results });
    expect(JSON.parse((result.content as [{ text: string }])[0].text)).toEqual(results);
  });

  it('shapes an output mapper the same way', async () => {
    const mapped = compileTestTool({
      kind: 'script',
      name: 'mapped',
      handler: 'plain.ts',
      mappers: { output: 'out.ts' },
    });
    const ports = createMemoryPorts({
      tools: { ws_test: [mapped] },
      scripts: { 'plain.ts': () => [{ a: 1 }], 'out.ts': () => 'summary' },
    });
    const result = resultOf(await executeToolCall(createTestRequest('mapped', {}), ports));
    expect(result.structuredContent).toEqual({ results: [{ value: 'summary' }] });
  });

  it('reports a circular result as a serialization failure', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const ports = createMemoryPorts({
      tools: { ws_test: [plain] },
      scripts: { 'plain.ts': () => cyclic },
    });
    const outcome = await executeToolCall(createTestRequest('plain', {}), ports);
    expect(outcome.error).toEqual({
      code: 'SERIALIZATION_FAILED',
      stage: 'handler',
      message: 'result contains a circular reference',
    });
  });

  it('scrubs declared secret values from handler messages', async () => {
    const ports = createMemoryPorts({
      tools: { ws_test: [hello] },
      secrets: { ws_test: { GREETING: 'super-secret-greeting' } },
      scripts: {
        'in.ts': () => ({ name: 'x' }),
        'hello.ts': (_p, request) => {
          throw new Error(`bad ${request.env.GREETING}`);
        },
      },
    });
    const outcome = await executeToolCall(createTestRequest('hello', {}), ports);
    expect(outcome.error?.message).toBe('bad [redacted]');
  });
});
