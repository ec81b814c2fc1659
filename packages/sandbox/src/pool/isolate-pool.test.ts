import { describe, expect, it } from 'vitest';
import { createSandbox } from '../create-sandbox';

const SLOW =
  'export default async (p) => { await new Promise((r) => setTimeout(r, p.ms)); return p.id; }';

describe('isolate pools', () => {
  it('many workspaces calling at once get correct, isolated results', async () => {
    // Isolation is what this checks, not speed: generous limits, so 200 calls queued behind 80
    // isolate start-ups on a loaded machine are not cut by the 5 s wall limit.
    const sandbox = createSandbox({ limits: { cpuMs: 10_000, wallMs: 60_000 } });
    try {
      const source = `
        export default async (p, ctx) => {
          globalThis.seen = [...(globalThis.seen ?? []), p.n];
          await new Promise((r) => setTimeout(r, p.n % 7));
          return { workspace: ctx.workspace, secret: ctx.env.SECRET, n: p.n, seen: globalThis.seen };
        }`;
      const calls = [];
      for (let w = 0; w < 40; w++) {
        for (let n = 0; n < 5; n++) {
          calls.push(
            sandbox
              .run({
                workspaceId: `ws_${w}`,
                source,
                payload: { n },
                context: { env: { SECRET: `secret-${w}` } },
              })
              .then((result) => ({ w, n, result })),
          );
        }
      }
      const results = await Promise.all(calls);
      for (const { w, n, result } of results) {
        expect(result).toMatchObject({
          ok: true,
          value: { workspace: `ws_${w}`, secret: `secret-${w}`, n, seen: [n] },
        });
      }
      const stats = sandbox.stats();
      expect(stats.workspaces).toBe(40);
      expect(stats.isolates).toBeLessThanOrEqual(80);
      // One script, compiled once per isolate but cached as code once for the process.
      expect(stats.cachedTransforms).toBe(1);
    } finally {
      await sandbox.dispose();
    }
  });

  it('every call gets a fresh context, also when it was built from the spare', async () => {
    // Each build after a call bootstraps the isolate's spare context and creates the next spare
    // in the same wake: many calls in a row go through many spares, and none may see another's
    // globals, prototypes or module state.
    const sandbox = createSandbox({ pool: { maxIsolatesPerWorkspace: 1 } });
    try {
      const source = `
        let calls = 0;
        export default (p) => {
          calls++;
          const seen = {
            global: globalThis.mark ?? null, proto: ({}).mark ?? null, calls, map: [1].map((x) => x * 2),
          };
          globalThis.mark = p.n;
          Object.prototype.mark = p.n;
          Array.prototype.map = () => 'hijacked';
          return seen;
        }`;
      for (let n = 0; n < 12; n++) {
        const result = await sandbox.run({ workspaceId: 'ws_spare', source, payload: { n } });
        expect(result).toMatchObject({
          ok: true,
          value: { global: null, proto: null, calls: 1, map: [2] },
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      // One isolate, one warm context ready for the next call (the spare is not counted).
      expect(sandbox.stats()).toMatchObject({ isolates: 1, warmContexts: 1 });
    } finally {
      await sandbox.dispose();
    }
  });

  it('bounds isolates per workspace, queues the rest, and refuses when the queue is full', async () => {
    const sandbox = createSandbox({
      pool: { maxIsolatesPerWorkspace: 2, maxQueuedPerWorkspace: 3 },
    });
    try {
      const calls = Array.from({ length: 6 }, (_, id) =>
        sandbox.run({ workspaceId: 'ws_bounded', source: SLOW, payload: { ms: 150, id } }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sandbox.stats()).toMatchObject({ isolates: 2, busyIsolates: 2, queuedCalls: 3 });
      const results = await Promise.all(calls);
      const busy = results.filter((result) => !result.ok);
      expect(busy).toHaveLength(1);
      expect(busy[0]).toMatchObject({
        error: { kind: 'busy', message: 'too many script calls waiting for this workspace' },
      });
      expect(
        results.filter((result) => result.ok).map((result) => result.ok && result.value),
      ).toHaveLength(5);
    } finally {
      await sandbox.dispose();
    }
  });

  it('counts time spent waiting for an isolate against the time limit', async () => {
    const sandbox = createSandbox({ pool: { maxIsolatesPerWorkspace: 1 } });
    try {
      const first = sandbox.run({
        workspaceId: 'ws_wait',
        source: SLOW,
        payload: { ms: 400, id: 1 },
      });
      const second = await sandbox.run({
        workspaceId: 'ws_wait',
        source: SLOW,
        payload: { ms: 1, id: 2 },
        limits: { wallMs: 100 },
      });
      expect(second).toMatchObject({
        ok: false,
        error: { kind: 'wall', message: 'script exceeded 100 ms time limit' },
      });
      expect(await first).toMatchObject({ ok: true, value: 1 });
    } finally {
      await sandbox.dispose();
    }
  });

  it('bounds isolates per process by evicting the least recently used idle one', async () => {
    const sandbox = createSandbox({ pool: { maxIsolates: 3 } });
    try {
      for (let w = 0; w < 6; w++) {
        const result = await sandbox.run({
          workspaceId: `ws_lru_${w}`,
          source: 'export default () => 1',
          payload: {},
        });
        expect(result.ok).toBe(true);
        expect(sandbox.stats().isolates).toBeLessThanOrEqual(3);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      const stats = sandbox.stats();
      expect(stats.counters.isolatesCreated).toBe(6);
      expect(stats.counters.isolatesDisposed).toBe(3);
    } finally {
      await sandbox.dispose();
    }
  });

  it('serves a waiting workspace when another workspace frees capacity', async () => {
    const sandbox = createSandbox({ pool: { maxIsolates: 1 } });
    try {
      const [a, b] = await Promise.all([
        sandbox.run({ workspaceId: 'ws_a', source: SLOW, payload: { ms: 100, id: 'a' } }),
        sandbox.run({ workspaceId: 'ws_b', source: SLOW, payload: { ms: 1, id: 'b' } }),
      ]);
      expect(a).toMatchObject({ ok: true, value: 'a' });
      expect(b).toMatchObject({ ok: true, value: 'b' });
    } finally {
      await sandbox.dispose();
    }
  });

  it('disposes idle pools', async () => {
    const sandbox = createSandbox({ pool: { idleTimeoutMs: 100 } });
    try {
      await sandbox.run({ workspaceId: 'ws_idle', source: 'export default () => 1', payload: {} });
      expect(sandbox.stats().isolates).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1300));
      expect(sandbox.stats()).toMatchObject({ isolates: 0, workspaces: 0 });
      expect(
        await sandbox.run({
          workspaceId: 'ws_idle',
          source: 'export default () => 2',
          payload: {},
        }),
      ).toMatchObject({ ok: true, value: 2 });
    } finally {
      await sandbox.dispose();
    }
  });

  it('replaces an isolate killed by a limit, and one whose memory setting changed', async () => {
    const sandbox = createSandbox({ limits: { cpuMs: 100 } });
    try {
      const killed = await sandbox.run({
        workspaceId: 'ws_re',
        source: 'export default () => { for (;;) {} }',
        payload: {},
      });
      expect(killed).toMatchObject({ ok: false, error: { kind: 'cpu' } });
      expect(
        await sandbox.run({
          workspaceId: 'ws_re',
          source: 'export default () => "back"',
          payload: {},
        }),
      ).toMatchObject({ ok: true, value: 'back' });
      const larger = await sandbox.run({
        workspaceId: 'ws_re',
        source: 'export default () => "bigger"',
        payload: {},
        limits: { memoryMb: 96 },
      });
      expect(larger).toMatchObject({ ok: true, value: 'bigger' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(sandbox.stats().counters).toMatchObject({ isolatesCreated: 3, isolatesDisposed: 2 });
    } finally {
      await sandbox.dispose();
    }
  });

  it('refuses work after dispose', async () => {
    const sandbox = createSandbox();
    await sandbox.dispose();
    expect(
      await sandbox.run({ workspaceId: 'ws', source: 'export default () => 1', payload: {} }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'internal' },
    });
  });
});
