import { describe, expect, it } from 'vitest';
import { createSandbox } from '../create-sandbox';
import { WorkGate } from './work-gate';

describe('WorkGate', () => {
  it('bounds concurrent work and serves calls before background work', async () => {
    const gate = new WorkGate(1);
    const order: string[] = [];
    await gate.acquire();
    const background = gate.acquire().then(() => order.push('background'));
    const urgent = gate.acquire(true).then(() => order.push('urgent'));
    expect(gate.tryAcquire()).toBe(false);
    expect(gate.waiting).toBe(2);
    gate.release();
    await urgent;
    gate.release();
    await background;
    gate.release();
    expect(order).toEqual(['urgent', 'background']);
    expect(gate.busy).toBe(0);
  });

  it('a releaser releases once however often it is called', async () => {
    const gate = new WorkGate(1);
    await gate.acquire();
    const release = gate.releaser();
    release();
    release();
    expect(gate.busy).toBe(0);
    expect(gate.tryAcquire()).toBe(true);
    expect(gate.tryAcquire()).toBe(false);
  });

  it('a slot held by work that never settles is released after its bound', async () => {
    const gate = new WorkGate(1);
    void gate.run(() => new Promise(() => {}), false, 20);
    expect(gate.tryAcquire()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(gate.tryAcquire()).toBe(true);
  });

  it('the sandbox works, and stays correct, with a single isolate work slot', async () => {
    const sandbox = createSandbox({ pool: { isolateThreads: 1 } });
    try {
      const source =
        'export default async (p, ctx) => { await new Promise((r) => setTimeout(r, p.n % 3)); return ctx.workspace + ":" + p.n; }';
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, n) =>
          sandbox.run({ workspaceId: `ws_gate_${n % 12}`, source, payload: { n } }),
        ),
      );
      results.forEach((result, n) => {
        expect(result).toMatchObject({ ok: true, value: `ws_gate_${n % 12}:${n}` });
      });
    } finally {
      await sandbox.dispose();
    }
  });
});
