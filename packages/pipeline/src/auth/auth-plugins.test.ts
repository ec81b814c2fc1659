import { describe, expect, it } from 'vitest';
import { executeToolCall } from '../pipeline/execute-tool-call';
import { createMemoryPorts, type MemoryPortsOptions } from '../testing/create-memory-ports';
import { compileTestTool, createTestRequest } from '../testing/test-tools';

function toolWith(auth: unknown) {
  return compileTestTool({
    kind: 'statement',
    name: 'guarded',
    connector: 'pg',
    statement: 'SELECT 1',
    auth,
    mappers: { input: 'in.ts' },
  });
}

async function attempt(
  auth: unknown,
  caller: { headers?: Record<string, string>; scopes?: string[] } = {},
  options: MemoryPortsOptions = {},
) {
  const ports = createMemoryPorts({
    tools: { ws_test: [toolWith(auth)] },
    secrets: { ws_test: { TOOL_KEY: 'the-tool-key' } },
    ...options,
    scripts: { 'in.ts': (p) => (p as { inputs: object }).inputs, ...options.scripts },
  });
  const outcome = await executeToolCall(
    createTestRequest(
      'guarded',
      {},
      {
        caller: {
          headers: caller.headers ?? {},
          token: { id: 'tok_1', tools: 'all', scopes: caller.scopes ?? [] },
        },
      },
    ),
    ports,
  );
  return { outcome, ports };
}

describe('auth stage', () => {
  it('denies before the input transform and the connector run', async () => {
    const { outcome, ports } = await attempt({ plugin: 'api_key', policy: { value: 'k' } });
    expect(outcome.error?.stage).toBe('auth');
    expect(ports.scriptCalls).toEqual([]);
    expect(ports.connectorCalls).toEqual([]);
    expect(Object.keys(outcome.timings)).toEqual(['resolve', 'auth']);
  });

  it('allow_all lets every call through', async () => {
    expect((await attempt({ plugin: 'allow_all' })).outcome.ok).toBe(true);
  });

  describe('api_key', () => {
    const cases: [string, unknown, Record<string, string>, string | undefined][] = [
      ['the right key', { value: 'k-1' }, { 'x-api-key': 'k-1' }, undefined],
      [
        'a wrong key',
        { value: 'k-1' },
        { 'x-api-key': 'k-2' },
        'authentication failed: invalid API key',
      ],
      [
        'a prefix of the key',
        { value: 'k-1' },
        { 'x-api-key': 'k-' },
        'authentication failed: invalid API key',
      ],
      ['no header', { value: 'k-1' }, {}, 'authentication failed: missing x-api-key header'],
      [
        'an empty header',
        { value: 'k-1' },
        { 'x-api-key': '' },
        'authentication failed: missing x-api-key header',
      ],
      [
        'a custom header',
        { value: 'k-1', header: 'X-Tool-Key' },
        { 'x-tool-key': 'k-1' },
        undefined,
      ],
      [
        'a key from a secret',
        { value: '{{ env.TOOL_KEY }}' },
        { 'x-api-key': 'the-tool-key' },
        undefined,
      ],
      [
        'a wrong key against a secret',
        { value: '{{ env.TOOL_KEY }}' },
        { 'x-api-key': 'nope' },
        'authentication failed: invalid API key',
      ],
    ];
    it.each(cases)('%s', async (_label, policy, headers, message) => {
      const { outcome } = await attempt({ plugin: 'api_key', policy }, { headers });
      if (message === undefined) expect(outcome.ok, JSON.stringify(outcome.error)).toBe(true);
      else expect(outcome.error).toEqual({ code: 'AUTH_DENIED', stage: 'auth', message });
    });

    it('fails with SECRET_MISSING when the key secret is not set', async () => {
      const { outcome } = await attempt(
        { plugin: 'api_key', policy: { value: '{{ env.MISSING }}' } },
        { headers: { 'x-api-key': 'x' } },
      );
      expect(outcome.error).toEqual({
        code: 'SECRET_MISSING',
        stage: 'auth',
        message: "secret 'MISSING' is not set",
      });
    });
  });

  describe('token_scopes', () => {
    it('passes when the token carries every scope', async () => {
      const { outcome } = await attempt(
        { plugin: 'token_scopes', policy: { scopes: 'orders:read, users:read' } },
        { scopes: ['users:read', 'orders:read', 'x'] },
      );
      expect(outcome.ok).toBe(true);
    });
    it('names the missing scopes', async () => {
      const { outcome } = await attempt(
        { plugin: 'token_scopes', policy: { scopes: ['orders:read', 'orders:write'] } },
        { scopes: ['orders:read'] },
      );
      expect(outcome.error?.message).toBe(
        'authentication failed: the token lacks scope orders:write',
      );
    });
  });

  describe('script', () => {
    const policy = { plugin: 'script', policy: { script: 'policy.ts' } };
    it('passes when the script returns, with a payload free of the Toolplane token', async () => {
      let seen: unknown;
      const { outcome, ports } = await attempt(
        policy,
        { headers: { authorization: 'Bearer tp_secret', 'x-team': 'blue' }, scopes: ['s'] },
        {
          scripts: {
            'policy.ts': (payload) => {
              seen = payload;
            },
          },
        },
      );
      expect(outcome.ok).toBe(true);
      expect(seen).toEqual({
        context: {
          headers: { 'x-team': 'blue' },
          token: { id: 'tok_1', scopes: ['s'], tools: 'all' },
          workspace: { id: 'ws_test' },
          tool: { name: 'guarded' },
        },
        tool: 'guarded',
      });
      expect(ports.scriptCalls[0]?.role).toBe('auth_policy');
      expect(ports.scriptCalls[0]?.requestId).toBe('1');
    });
    it('denies with the script message when it throws', async () => {
      const { outcome } = await attempt(
        policy,
        {},
        {
          scripts: {
            'policy.ts': () => {
              throw new Error('team red only');
            },
          },
        },
      );
      expect(outcome.error).toEqual({
        code: 'AUTH_DENIED',
        stage: 'auth',
        message: 'authentication failed: team red only',
      });
    });
    it('denies when it returns false', async () => {
      const { outcome } = await attempt(policy, {}, { scripts: { 'policy.ts': () => false } });
      expect(outcome.error?.message).toBe('authentication failed: denied by policy');
    });
    it('denies when the script cannot run', async () => {
      const { outcome } = await attempt(policy, {}, { scripts: {} });
      expect(outcome.error?.code).toBe('AUTH_DENIED');
    });
  });
});
