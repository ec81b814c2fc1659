import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from './create-sandbox';
import type { RunResult } from './sandbox-types';

// The hostile corpus. Every case must fail (or be harmless) for that call only, with a
// clear message, and the same workspace must answer the next call normally.
const internalErrors: unknown[] = [];
const sandbox = createSandbox({
  limits: { cpuMs: 300, wallMs: 2000, memoryMb: 32 },
  onInternalError: (error) => internalErrors.push(error),
});
afterAll(() => sandbox.dispose());

const WORKSPACE = 'ws_hostile';
const run = (source: string, workspaceId = WORKSPACE, env: Record<string, string> = {}) =>
  sandbox.run({ workspaceId, source, payload: { inputs: {}, tool: 'hostile' }, context: { env } });

async function expectHealthy(workspaceId = WORKSPACE): Promise<void> {
  const result = await run('export default (p) => ({ fine: true, tool: p.tool });', workspaceId);
  expect(result).toMatchObject({ ok: true, value: { fine: true, tool: 'hostile' } });
}

function expectNoHostDetail(result: RunResult): void {
  expect(JSON.stringify(result)).not.toMatch(
    /\/work\/|node_modules|isolated-vm|node:internal|\.ts:\d+/,
  );
}

describe('hostile corpus', () => {
  it.each([
    [
      'an infinite loop',
      'export default () => { while (true) {} }',
      'cpu',
      'script exceeded 300 ms CPU limit',
    ],
    [
      'while(true) after an await',
      'export default async () => { await null; await new Promise((r) => setTimeout(r, 5)); while (true) {} }',
      'cpu',
      'script exceeded 300 ms CPU limit',
    ],
    [
      'an infinite loop at module top level',
      'while (true) {}\nexport default () => 1;',
      'cpu',
      'script exceeded 300 ms CPU limit',
    ],
    [
      'a microtask loop left behind',
      'export default () => { const spin = () => Promise.resolve().then(spin); spin(); return new Promise(() => {}); }',
      'cpu',
      'script exceeded 300 ms CPU limit',
    ],
    [
      'a string allocation bomb',
      'export default () => { let s = "x"; while (true) s = s + s; }',
      'thrown',
      'RangeError: Invalid string length',
    ],
    [
      'deep recursion',
      'export default () => { const f = (n) => f(n + 1) + 1; return f(0); }',
      'thrown',
      'RangeError: Maximum call stack size exceeded',
    ],
    [
      'a promise that never settles',
      'export default () => new Promise(() => {})',
      'wall',
      'script exceeded 2000 ms time limit',
    ],
  ] as const)('%s costs that call only', async (_name, source, kind, message) => {
    const result = await run(source);
    expect(result).toMatchObject({ ok: false, error: { kind, message } });
    expectNoHostDetail(result);
    await expectHealthy();
  });

  it('an array bomb hits the memory limit, not the process', async () => {
    // A generous CPU budget, so that the memory limit is what stops it.
    const result = await sandbox.run({
      workspaceId: WORKSPACE,
      source:
        'export default () => { const keep = []; while (true) keep.push(new Array(1e5).fill(keep.length)); }',
      payload: {},
      limits: { cpuMs: 20_000, wallMs: 20_000 },
    });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'memory', message: 'script exceeded 32 MB memory limit' },
    });
    await expectHealthy();
  });

  it('a buffer bomb is refused its allocation', async () => {
    const result = await run(
      'export default () => { const keep = []; while (true) keep.push(new Uint8Array(4 * 1024 * 1024)); }',
    );
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'thrown', message: 'RangeError: Array buffer allocation failed' },
    });
    await expectHealthy();
  });

  it('a hash-table bomb is a memory error; the sandbox quarantines the workspace, then refuses new isolates past its limit', async () => {
    // Growing a Map or a dictionary object near the heap limit can make V8 fail one large
    // allocation outright: isolated-vm then reports a "catastrophic" error instead of its
    // memory-limit termination (isolated-vm #457, #527). The call still fails cleanly, but the
    // isolate's thread stays parked and its heap is not returned: the sandbox contains it (the
    // workspace is refused; past the limit no new isolate is made) and tells the runtime, which
    // drains and restarts the process.
    const events: unknown[] = [];
    const fragile = createSandbox({
      // A generous CPU budget, so the memory limit is what stops it even on a loaded machine.
      limits: { memoryMb: 16, cpuMs: 5_000, wallMs: 20_000 },
      catastrophicErrorLimit: 2,
      onCatastrophicError: (message, workspaceId, state) =>
        events.push({ message, workspaceId, ...state }),
    });
    const bomb =
      'export default () => { const keep = new Map(); for (let i = 0; ; i++) keep.set(i, { i }); }';
    const alive = 'export default () => "alive"';
    try {
      // A workspace with a live isolate before the limit is reached keeps running after it.
      expect(
        await fragile.run({ workspaceId: 'ws_bystander', source: alive, payload: {} }),
      ).toMatchObject({ ok: true, value: 'alive' });

      const result = await fragile.run({ workspaceId: 'ws_bomb', source: bomb, payload: {} });
      expect(result).toMatchObject({
        ok: false,
        error: { kind: 'memory', message: 'script exceeded 16 MB memory limit' },
      });
      expect(events).toEqual([
        {
          message: 'Catastrophic out-of-memory error',
          workspaceId: 'ws_bomb',
          count: 1,
          limit: 2,
          workspaceQuarantined: true,
          refusingNewIsolates: false,
        },
      ]);
      expect(fragile.stats()).toMatchObject({
        degraded: true,
        refusingNewIsolates: false,
        quarantinedWorkspaces: ['ws_bomb'],
        counters: { catastrophicErrors: 1 },
      });
      // The workspace that caused it is refused at once, without touching an isolate…
      expect(
        await fragile.run({ workspaceId: 'ws_bomb', source: alive, payload: {} }),
      ).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
      // …while other workspaces, new ones included, still run below the limit.
      expect(
        await fragile.run({ workspaceId: 'ws_other', source: alive, payload: {} }),
      ).toMatchObject({ ok: true, value: 'alive' });

      // A second one reaches the limit: no new isolates for anyone.
      await fragile.run({ workspaceId: 'ws_bomb_2', source: bomb, payload: {} });
      expect(events).toHaveLength(2);
      expect(events[1]).toMatchObject({ count: 2, refusingNewIsolates: true });
      expect(fragile.stats()).toMatchObject({ refusingNewIsolates: true });
      expect(
        await fragile.run({ workspaceId: 'ws_new', source: alive, payload: {} }),
      ).toMatchObject({
        ok: false,
        error: { kind: 'unavailable', message: 'the script sandbox is restarting; retry shortly' },
      });
      // Workspaces whose isolates are alive keep serving (they drain with the process).
      expect(
        await fragile.run({ workspaceId: 'ws_bystander', source: alive, payload: {} }),
      ).toMatchObject({ ok: true, value: 'alive' });
    } finally {
      await fragile.dispose();
    }
  });

  it.each([
    ['process', 'return typeof process', 'undefined'],
    ['require', 'return typeof require', 'undefined'],
    [
      'module and exports of the host',
      'return [typeof module, typeof __dirname, typeof Buffer, typeof global].join()',
      'undefined,undefined,undefined,undefined',
    ],
    ['the Function constructor', "return typeof Function('return this')().process", 'undefined'],
    [
      'the constructor chain',
      "return globalThis.constructor.constructor('return typeof process')()",
      'undefined',
    ],
    [
      'WebAssembly, SharedArrayBuffer, Atomics',
      'return [typeof WebAssembly, typeof SharedArrayBuffer, typeof Atomics].join()',
      'undefined,undefined,undefined',
    ],
    [
      'the globals there are',
      'return Object.getOwnPropertyNames(globalThis).filter((n) => /^[a-z]/.test(n)).sort().join()',
      'atob,btoa,clearTimeout,console,crypto,decodeURI,decodeURIComponent,encodeURI,encodeURIComponent,escape,eval,fetch,globalThis,isFinite,isNaN,parseFloat,parseInt,queueMicrotask,setTimeout,structuredClone,undefined,unescape',
    ],
  ])('%s: nothing of the host is reachable', async (_name, body, expected) => {
    expect(await run(`export default () => { ${body} }`)).toMatchObject({
      ok: true,
      value: expected,
    });
  });

  it.each([
    ['process.env', 'return process.env', 'ReferenceError: process is not defined'],
    ['require("fs")', 'return require("fs")', 'ReferenceError: require is not defined'],
    [
      'the constructor chain to process',
      "return globalThis.constructor.constructor('return process')().env",
      'ReferenceError: process is not defined',
    ],
    [
      'Function("return this")().process',
      "return Function('return this')().process.mainModule",
      "TypeError: Cannot read properties of undefined (reading 'mainModule')",
    ],
  ])('a %s probe is a clear script error', async (_name, body, message) => {
    const result = await run(`export default () => { ${body} }`);
    expect(result).toMatchObject({ ok: false, error: { kind: 'thrown', message } });
    await expectHealthy();
  });

  it('refuses import() and imports at compile time', async () => {
    expect(await run('export default async () => await import("node:fs");')).toMatchObject({
      ok: false,
      error: { kind: 'syntax', message: 'import() is not available in scripts', line: 1 },
    });
    expect(await run('import fs from "node:fs";\nexport default () => fs;')).toMatchObject({
      ok: false,
      error: { kind: 'syntax', message: 'imports are not supported: a script is a single file' },
    });
    expect(
      await run('export default async () => await eval("import(\'node:fs\')");'),
    ).toMatchObject({
      ok: false,
      error: { kind: 'thrown' },
    });
  });

  it('prototype pollution does not leak into the next call', async () => {
    const polluted = await run(`export default () => {
      Object.prototype.polluted = 'yes';
      Array.prototype.push = () => 0;
      JSON.stringify = () => '"hijacked"';
      globalThis.console = null;
      return 'done';
    }`);
    expect(polluted).toMatchObject({ ok: true, value: 'done' });
    const next = await run(`export default () => {
      const a = []; a.push(1);
      return { polluted: ({}).polluted ?? null, length: a.length, json: JSON.stringify({ a: 1 }), console: typeof console };
    }`);
    expect(next).toMatchObject({
      ok: true,
      value: { polluted: null, length: 1, json: '{"a":1}', console: 'object' },
    });
  });

  it("cannot read another workspace's secrets", async () => {
    const keeper =
      'export default (p, ctx) => { globalThis.stash = ctx.env.SECRET; return ctx.env.SECRET; }';
    expect(await run(keeper, 'ws_victim', { SECRET: 'victim-secret' })).toMatchObject({
      ok: true,
      value: 'victim-secret',
    });
    const thief = `export default (p, ctx) => JSON.stringify({
      env: ctx.env, stash: globalThis.stash ?? null, keys: Object.keys(globalThis).join(),
    });`;
    const stolen = await run(thief, 'ws_thief', { OWN: 'mine' });
    expect(stolen).toMatchObject({ ok: true });
    expect(JSON.stringify(stolen)).not.toContain('victim-secret');
    // Not even the same workspace's next call sees the previous call's globals.
    const again = await run(thief, 'ws_victim', {});
    expect(JSON.stringify(again)).not.toContain('victim-secret');
  });

  it('caps huge console output', async () => {
    const result = await sandbox.run({
      workspaceId: WORKSPACE,
      source:
        'export default () => { for (let i = 0; i < 1e6; i++) console.log("spam line " + i); return "survived"; }',
      payload: {},
      limits: { cpuMs: 5000, maxConsoleBytes: 10_000 },
    });
    expect(result).toMatchObject({ ok: true, value: 'survived', consoleTruncated: true });
    const total = result.console.reduce((sum, entry) => sum + entry.message.length, 0);
    expect(total).toBeLessThanOrEqual(10_000);
    await expectHealthy();
  });

  it('returning a function and throwing a string are clear errors', async () => {
    expect(await run('export default () => () => "sneaky";')).toMatchObject({
      ok: false,
      error: { kind: 'result', message: 'the result contains a function at $' },
    });
    expect(await run('export default () => { throw "just a string"; }')).toMatchObject({
      ok: false,
      error: { kind: 'thrown', message: 'just a string' },
    });
  });

  it('host bridges reject garbage without leaking host errors', async () => {
    const result = await run(`export default async () => {
      const out = [];
      try { new URL({ toString() { return '::::'; } }); } catch (e) { out.push(e.message); }
      try { await fetch('http://example.com', { headers: { 'bad header': 'x' } }); } catch (e) { out.push(e.message); }
      try { await fetch('file:///etc/passwd'); } catch (e) { out.push(e.message); }
      return out;
    }`);
    expect(result).toMatchObject({
      ok: true,
      value: [
        'Invalid URL: ::::',
        'Invalid header name: bad header',
        'fetch to file:// refused: only http and https are supported',
      ],
    });
    expectNoHostDetail(result);
  });

  it('reports no internal errors for all of the above', () => {
    expect(internalErrors).toEqual([]);
  });
});
