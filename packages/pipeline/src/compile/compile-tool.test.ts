import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { compileTool } from './compile-tool';
import { formatDiagnostic } from './diagnostic';
import { toMcpTool } from './to-mcp-tool';

const connectors: Record<string, string> = {
  main: 'postgres',
  shop: 'mysql',
  kv: 'redis',
  mongo: 'mongodb',
};
const options = { version: 3, connectorType: (name: string) => connectors[name] };

const getUser = {
  kind: 'statement',
  name: 'get-user',
  description: 'Find a user',
  connector: 'main',
  statement: "SELECT id, name FROM users WHERE id = {{ inputs.user_id }} AND org = '{{ env.ORG }}'",
  inputs: { user_id: { type: 'int', description: 'The id' } },
};

describe('compileTool', () => {
  it('compiles a statement tool', () => {
    const result = compileTool(getUser, options);
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
    const tool = result.tool!;
    expect(tool.kind).toBe('statement');
    if (tool.kind !== 'statement') return;
    expect(tool.version).toBe(3);
    expect(tool.connector).toEqual({ name: 'main', type: 'postgres' });
    expect(tool.statement).toEqual({
      dialect: 'postgres',
      text: 'SELECT id, name FROM users WHERE id = $1 AND org = $2',
      params: [
        { kind: 'value', ref: { scope: 'inputs', name: 'user_id' } },
        { kind: 'text', parts: [{ scope: 'env', name: 'ORG' }] },
      ],
      paramTypes: ['int', 'text'],
    });
    expect(tool.statementSecrets).toEqual(['ORG']);
    expect(tool.secrets).toEqual(['ORG']);
    expect(tool.inputSchema.required).toEqual(['user_id']);
  });

  it('compiles a script tool and a Redis tool', () => {
    const script = compileTool(
      { kind: 'script', name: 'hello', handler: 'handler.ts', secrets: ['API_KEY'] },
      options,
    );
    expect(script.ok).toBe(true);
    expect(script.tool?.kind).toBe('script');
    expect(script.tool?.declaredSecrets).toEqual(['API_KEY']);
    const redis = compileTool(
      {
        kind: 'statement',
        name: 'get-session',
        connector: 'kv',
        statement: 'GET session:{{ inputs.id }}',
        inputs: { id: { type: 'string' } },
      },
      options,
    );
    expect(redis.ok).toBe(true);
  });

  it('lists the tool as MCP expects', () => {
    const tool = compileTool({ ...getUser, readOnly: true }, options).tool!;
    const listing = toMcpTool(tool);
    expect(ToolSchema.safeParse(listing).success).toBe(true);
    expect(listing.annotations).toEqual({ readOnlyHint: true });
  });

  const refused: [string, unknown, string, (string | number)[]][] = [
    ['a bad name', { ...getUser, name: 'Get User' }, 'DEFINITION_INVALID', ['name']],
    ['both a statement and a handler', { ...getUser, handler: 'x.ts' }, 'DEFINITION_INVALID', []],
    ['no kind', { name: 'x', statement: 'SELECT 1' }, 'DEFINITION_INVALID', ['kind']],
    ['an unknown key', { ...getUser, colour: 'red' }, 'DEFINITION_INVALID', []],
    [
      'an unknown input type',
      { ...getUser, inputs: { user_id: { type: 'uuid' } } },
      'DEFINITION_INVALID',
      ['inputs', 'user_id', 'type'],
    ],
    [
      'a bad input name',
      { ...getUser, inputs: { 'user-id': { type: 'int' } } },
      'DEFINITION_INVALID',
      ['inputs', 'user-id'],
    ],
    [
      'a default of the wrong type',
      { ...getUser, inputs: { user_id: { type: 'int', default: 4.5 } } },
      'DEFINITION_INVALID',
      ['inputs', 'user_id', 'default'],
    ],
    [
      'an unknown connector',
      { ...getUser, connector: 'nope' },
      'CONNECTOR_UNSUPPORTED',
      ['connector'],
    ],
    [
      'an unsupported connector type',
      { ...getUser, connector: 'mongo' },
      'CONNECTOR_UNSUPPORTED',
      ['connector'],
    ],
    [
      'an unknown auth plugin',
      { ...getUser, auth: { plugin: 'oauth_magic' } },
      'AUTH_PLUGIN_UNKNOWN',
      ['auth', 'plugin'],
    ],
    [
      'an api_key policy without value',
      { ...getUser, auth: { plugin: 'api_key', policy: {} } },
      'AUTH_POLICY_INVALID',
      ['auth', 'policy', 'value'],
    ],
    [
      'a jwt policy with both secret and jwks_url',
      {
        ...getUser,
        auth: { plugin: 'jwt', policy: { secret: 'x', jwks_url: 'https://a.example/jwks' } },
      },
      'AUTH_POLICY_INVALID',
      ['auth', 'policy', 'secret'],
    ],
    [
      'a jwt policy with an algorithm that does not fit the key',
      { ...getUser, auth: { plugin: 'jwt', policy: { secret: 'x', algorithms: 'RS256' } } },
      'AUTH_POLICY_INVALID',
      ['auth', 'policy', 'algorithms'],
    ],
    [
      'an inputs placeholder in an auth policy',
      { ...getUser, auth: { plugin: 'api_key', policy: { value: '{{ inputs.user_id }}' } } },
      'AUTH_POLICY_INVALID',
      ['auth', 'policy', 'value'],
    ],
    [
      'a policy key the plugin does not know',
      { ...getUser, auth: { plugin: 'token_scopes', policy: { scope: 'read' } } },
      'AUTH_POLICY_INVALID',
      ['auth', 'policy'],
    ],
    [
      'a statement problem (with its position)',
      { ...getUser, statement: 'SELECT *\nFROM {{ inputs.user_id }}' },
      'PLACEHOLDER_POSITION',
      ['statement'],
    ],
  ];
  it.each(refused)('refuses %s', (_label, definition, code, path) => {
    const result = compileTool(definition, options);
    expect(result.ok).toBe(false);
    const found = result.diagnostics.find(
      (d) => d.code === code && JSON.stringify(d.path) === JSON.stringify(path),
    );
    expect(found, JSON.stringify(result.diagnostics)).toBeDefined();
    expect(found?.severity).toBe('error');
  });

  it('formats statement diagnostics with line:column', () => {
    const result = compileTool(
      { ...getUser, statement: 'SELECT *\nFROM {{ inputs.user_id }}' },
      options,
    );
    expect(formatDiagnostic(result.diagnostics[0]!)).toBe(
      'statement 2:6: placeholder {{ inputs.user_id }} cannot stand after FROM: table names cannot be parameters',
    );
  });

  it('warns about unused inputs and unknown secrets without failing', () => {
    const result = compileTool(
      {
        ...getUser,
        inputs: { user_id: { type: 'int' }, extra: { type: 'string', optional: true } },
        auth: { plugin: 'api_key', policy: { value: '{{ env.TOOL_KEY }}' } },
      },
      { ...options, knownSecrets: ['TOOL_KEY'] },
    );
    expect(result.ok).toBe(true);
    expect(result.diagnostics.map((d) => [d.severity, d.code, d.path])).toEqual([
      ['warning', 'INPUT_UNUSED', ['inputs', 'extra']],
      ['warning', 'SECRET_UNKNOWN', ['secrets']],
    ]);
    expect(result.diagnostics[1]?.message).toContain("'ORG'");
  });

  it('accepts every built-in auth plugin', () => {
    const policies: [string, Record<string, unknown>][] = [
      ['allow_all', {}],
      ['api_key', { value: 'k', header: 'X-Key' }],
      [
        'jwt',
        { secret: '{{ env.JWT_SECRET }}', issuer: 'me', audience: 'a,b', clock_tolerance: '30' },
      ],
      [
        'jwt',
        { jwks_url: 'https://issuer.example/.well-known/jwks.json', required_claims: ['sub'] },
      ],
      ['token_scopes', { scopes: 'read, write' }],
      ['script', { script: 'policy.ts' }],
    ];
    for (const [plugin, policy] of policies) {
      const result = compileTool({ ...getUser, auth: { plugin, policy } }, options);
      expect(result.diagnostics, plugin).toEqual([]);
    }
    const jwt = compileTool(
      {
        ...getUser,
        auth: { plugin: 'jwt', policy: { secret: 's', audience: 'a,b', clock_tolerance: '30' } },
      },
      options,
    ).tool?.auth;
    expect(jwt).toMatchObject({
      plugin: 'jwt',
      header: 'x-client-authorization',
      audience: ['a', 'b'],
      clockToleranceSeconds: 30,
      algorithms: ['HS256'],
    });
  });
});
