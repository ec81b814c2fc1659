import { describe, expect, it } from 'vitest';
import { executeToolCall } from '../pipeline/execute-tool-call';
import type { CachePort, ClockPort, HashPort } from '../ports/pipeline-ports';
import { createMemoryPorts, type MemoryPortsOptions } from '../testing/create-memory-ports';
import { compileTestTool, createTestRequest } from '../testing/test-tools';
import { computeCacheKey } from './compute-cache-key';

const definition = {
  kind: 'statement',
  name: 'get-order',
  connector: 'pg',
  statement: "SELECT * FROM orders WHERE id = {{ inputs.id }} AND tenant = '{{ env.TENANT }}'",
  inputs: { id: { type: 'int' }, region: { type: 'string', default: 'eu' } },
  cache: { enabled: true, ttl: 60 },
} as const;
const tool = compileTestTool(definition, 1);

function fakeClock(): ClockPort & { advance(ms: number): void } {
  let now = 1_000;
  return { now: () => now, epochMs: () => 1_700_000_000_000 + now, advance: (ms) => (now += ms) };
}

function setup(options: MemoryPortsOptions = {}) {
  let n = 0;
  return createMemoryPorts({
    tools: { ws_a: [tool], ws_b: [tool] },
    secrets: { ws_a: { TENANT: 'a' }, ws_b: { TENANT: 'b' } },
    connector: () => ({ rows: [{ call: ++n }] }),
    cache: true,
    ...options,
  });
}

const call = (ports: ReturnType<typeof setup>, args: object, workspace = 'ws_a', extra = {}) =>
  executeToolCall(
    createTestRequest('get-order', args, { workspace: { id: workspace, ...extra } }),
    ports,
  );

describe('result cache', () => {
  it('misses, stores, then hits without touching the connector', async () => {
    const ports = setup();
    const first = await call(ports, { id: 1 });
    const second = await call(ports, { id: 1 });
    expect(first.cacheHit).toBe(false);
    expect(second.cacheHit).toBe(true);
    expect(ports.connectorCalls).toHaveLength(1);
    expect(second.response).toEqual(first.response);
    expect(Object.keys(first.timings)).toContain('cache_store');
    expect(Object.keys(second.timings)).toEqual([
      'resolve',
      'input_transform',
      'input_validation',
      'env_substitution',
      'input_substitution',
      'cache_check',
      'serialization',
    ]);
  });

  it('keeps different inputs apart and treats a default like the same value sent', async () => {
    const ports = setup();
    await call(ports, { id: 1 });
    await call(ports, { id: 2 });
    await call(ports, { id: 1, region: 'eu' });
    expect(ports.connectorCalls).toHaveLength(2);
  });

  it('isolates workspaces', async () => {
    const ports = setup();
    const a = await call(ports, { id: 1 }, 'ws_a');
    const b = await call(ports, { id: 1 }, 'ws_b');
    expect(b.cacheHit).toBe(false);
    expect(ports.connectorCalls).toHaveLength(2);
    expect(a.response).not.toEqual(b.response);
    const keys = [...ports.cacheEntries.keys()];
    expect(keys.some((k) => k.includes(':ws_a:'))).toBe(true);
    expect(keys.some((k) => k.includes(':ws_b:'))).toBe(true);
  });

  it('starts afresh when the definition version changes', async () => {
    const ports = setup();
    await call(ports, { id: 1 });
    const v2 = compileTestTool(definition, 2);
    const next = createMemoryPorts({
      tools: { ws_a: [v2] },
      secrets: { ws_a: { TENANT: 'a' } },
      cache: {
        get: (key) => ports.cacheEntries.get(key)?.value,
        set: (key, value, ttl) => ports.cache!.set(key, value, ttl),
      },
    });
    const outcome = await executeToolCall(
      createTestRequest('get-order', { id: 1 }, { workspace: { id: 'ws_a' } }),
      next,
    );
    expect(outcome.cacheHit).toBe(false);
    expect(next.connectorCalls).toHaveLength(1);
  });

  it('expires entries after the TTL (clock port)', async () => {
    const clock = fakeClock();
    const ports = setup({ clock });
    await call(ports, { id: 1 });
    clock.advance(59_000);
    expect((await call(ports, { id: 1 })).cacheHit).toBe(true);
    clock.advance(2_000);
    expect((await call(ports, { id: 1 })).cacheHit).toBe(false);
  });

  it('is off unless enabled, takes the workspace defaults, and a TTL <= 0 disables it', async () => {
    const plain = compileTestTool({ ...definition, name: 'plain', cache: {} });
    const zero = compileTestTool({ ...definition, name: 'zero', cache: { enabled: true, ttl: 0 } });
    const ports = createMemoryPorts({
      tools: { ws_a: [plain, zero] },
      secrets: { ws_a: { TENANT: 'a' } },
      cache: true,
    });
    const run = (name: string, workspace: object) =>
      executeToolCall(
        createTestRequest(name, { id: 1 }, { workspace: { id: 'ws_a', ...workspace } }),
        ports,
      );
    expect((await run('plain', {})).cacheHit).toBeUndefined();
    expect((await run('zero', {})).cacheHit).toBeUndefined();
    await run('plain', { cache: { enabled: true, ttlSeconds: 30 } });
    expect((await run('plain', { cache: { enabled: true } })).cacheHit).toBe(true);
    const [entry] = ports.cacheEntries.values();
    expect(entry!.expiresAt - performance.now()).toBeLessThanOrEqual(30_000);
  });

  it('keeps the truncation flag and runs the output mapper on a hit', async () => {
    const mapped = compileTestTool({
      ...definition,
      name: 'mapped',
      rowLimit: 1,
      mappers: { output: 'out.ts' },
    });
    let mapperRuns = 0;
    const ports = createMemoryPorts({
      tools: { ws_a: [mapped] },
      secrets: { ws_a: { TENANT: 'a' } },
      connector: () => ({ rows: [{ x: 1 }, { x: 2 }] }),
      scripts: {
        'out.ts': (payload) => {
          mapperRuns++;
          return (payload as { results: unknown[] }).results;
        },
      },
      cache: true,
    });
    const run = () =>
      executeToolCall(createTestRequest('mapped', { id: 1 }, { workspace: { id: 'ws_a' } }), ports);
    await run();
    const hit = await run();
    expect(hit.cacheHit).toBe(true);
    expect(hit.truncated).toBe(true);
    expect(mapperRuns).toBe(2);
  });
});

describe('cache failures degrade to a miss', () => {
  const failures: [string, CachePort | undefined, Partial<HashPort> | undefined][] = [
    [
      'get throws',
      {
        get: () => {
          throw new Error('ECONNRESET');
        },
        set: () => undefined,
      },
      undefined,
    ],
    [
      'get rejects',
      { get: () => Promise.reject(new Error('timeout')), set: () => undefined },
      undefined,
    ],
    ['entry is corrupt', { get: () => '{not json', set: () => undefined }, undefined],
    ['entry has the wrong shape', { get: () => '{"rows":1}', set: () => undefined }, undefined],
    [
      'set throws',
      {
        get: () => undefined,
        set: () => {
          throw new Error('OOM');
        },
      },
      undefined,
    ],
    [
      'set rejects',
      { get: () => undefined, set: () => Promise.reject(new Error('READONLY')) },
      undefined,
    ],
    [
      'the hash port throws',
      { get: () => undefined, set: () => undefined },
      {
        hash: () => {
          throw new Error('no crypto');
        },
      },
    ],
  ];
  it.each(failures)('%s', async (label, cache, hash) => {
    const debug: string[] = [];
    const base = setup({ cache: cache!, log: { debug: (message) => debug.push(message) } });
    const ports = hash === undefined ? base : { ...base, hash: hash as HashPort };
    const outcome = await call(ports, { id: 1 });
    expect(outcome.ok).toBe(true);
    expect(outcome.cacheHit).toBe(false);
    expect(base.connectorCalls).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (!label.includes('corrupt') && !label.includes('shape'))
      expect(debug.length).toBeGreaterThan(0);
  });
});

describe('computeCacheKey', () => {
  const statementTool = tool.kind === 'statement' ? tool : undefined;
  const seen: string[] = [];
  const hash: HashPort = {
    hash: (text) => {
      seen.push(text);
      return `h${text.length}:${[...text].reduce((a, c) => (a * 31 + c.charCodeAt(0)) >>> 0, 7)}`;
    },
  };
  const key = (
    inputs: Record<string, string | number>,
    version: string | number = 1,
    workspaceId = 'ws_a',
  ) =>
    computeCacheKey(
      { workspaceId, tool: statementTool!, inputs, secretVersions: { TENANT: version } },
      hash,
    );

  it('is stable for the same call', async () => {
    expect(await key({ id: 1, region: 'eu' })).toBe(await key({ id: 1, region: 'eu' }));
  });

  it('names the workspace, tool and definition version', async () => {
    expect(await key({ id: 1 })).toMatch(/^toolplane:result:v1:ws_a:get-order:1:h/);
  });

  it('differs with inputs, types, workspaces and secret versions', async () => {
    const keys = new Set([
      await key({ id: 1 }),
      await key({ id: 2 }),
      await key({ id: '1' }),
      await key({ id: 1 }, 2),
      await key({ id: 1 }, 1, 'ws_b'),
    ]);
    expect(keys.size).toBe(5);
  });

  it('hashes secret versions, never secret values', async () => {
    seen.length = 0;
    await computeCacheKey(
      {
        workspaceId: 'ws_a',
        tool: statementTool!,
        inputs: { id: 1 },
        secretVersions: { TENANT: 'v9' },
      },
      hash,
    );
    expect(seen[0]).toContain('"version":"v9"');
    expect(seen[0]).toContain('SELECT * FROM orders WHERE id = $1 AND tenant = $2');
  });

  it('does not hit across a secret rotation', async () => {
    const ports = setup();
    await call(ports, { id: 1 });
    const rotated = createMemoryPorts({
      tools: { ws_a: [tool] },
      secrets: { ws_a: { TENANT: { value: 'a2', version: 2 } } },
      cache: { get: (k) => ports.cacheEntries.get(k)?.value, set: () => undefined },
    });
    const outcome = await executeToolCall(
      createTestRequest('get-order', { id: 1 }, { workspace: { id: 'ws_a' } }),
      rotated,
    );
    expect(outcome.cacheHit).toBe(false);
  });
});
