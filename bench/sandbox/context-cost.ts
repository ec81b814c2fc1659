// Isolate CPU of a sandbox call's context, by step (createContext; bootstrap + install; load +
// call), and the process's minor page faults per context, with the work spread over K isolates in
// turn (K = 2: one hot workspace; K = 100: round-robin). Sequential, so no threads, queues or
// work gate: what differs between the two is only how recently each isolate ran. Run from the
// repository root:
//   node --no-node-snapshot --import tsx bench/sandbox/context-cost.ts [--rounds N] [--contexts N]
//     [--initial MB]
import type ivm from 'isolated-vm';
import { createBridges } from '../../packages/sandbox/src/bridges/create-bridges';
import {
  BOOTSTRAP_SOURCE,
  INSTALL_SOURCE,
} from '../../packages/sandbox/src/isolate-code/bootstrap-source';
import { DEFAULT_POOL } from '../../packages/sandbox/src/limits';
import { newIsolate } from '../../packages/sandbox/src/pool/new-isolate';
import { median, minorFaults } from './measure';

const initialArg = process.argv.indexOf('--initial');
/** The isolates' `initialOldSpaceMb` (default: the sandbox's). */
const INITIAL_MB =
  initialArg === -1 ? DEFAULT_POOL.initialOldSpaceMb : Number(process.argv[initialArg + 1]);
const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg === -1 ? 6 : Number(process.argv[roundsArg + 1]);
const totalArg = process.argv.indexOf('--contexts');
/** Contexts built per measurement; only the last 500 are measured. */
const TOTAL = totalArg === -1 ? 600 : Number(process.argv[totalArg + 1]);
const ms = (from: bigint, to: bigint) => Number(to - from) / 1e6;

async function measure(k: number, total: number) {
  const isolates = await Promise.all(
    Array.from({ length: k }, async () => {
      const isolate = newIsolate({ memoryLimit: 64 }, INITIAL_MB);
      const bootstrap = await isolate.compileScript(BOOTSTRAP_SOURCE);
      const script = await isolate.compileScript(
        'globalThis.__toolplane_module = async function (exports) { exports.default = (p) => ({ id: p.inputs.id, ok: true }); }',
      );
      return { isolate, bootstrap, script };
    }),
  );
  const create: number[] = [];
  const install: number[] = [];
  const call: number[] = [];
  const json = JSON.stringify({
    payload: { inputs: { id: 7 } },
    context: {},
    maxConsoleChars: 1000,
    maxResultChars: 100000,
  });
  let faults = 0;
  for (let i = 0; i < total; i++) {
    if (i === total - 500) faults = minorFaults();
    const { isolate, bootstrap, script } = isolates[i % k]!;
    const t0 = isolate.cpuTime;
    const context = await isolate.createContext();
    const t1 = isolate.cpuTime;
    bootstrap.runIgnored(context);
    const entry = (await context.evalClosure(INSTALL_SOURCE, createBridges({ call: null }), {
      result: { reference: true },
    })) as ivm.Reference;
    const t2 = isolate.cpuTime;
    script.runIgnored(context);
    await entry.apply(undefined, ['run', 'default', json], { result: { promise: true } });
    const t3 = isolate.cpuTime;
    entry.release();
    context.release();
    if (i >= total - 500) {
      create.push(ms(t0, t1));
      install.push(ms(t1, t2));
      call.push(ms(t2, t3));
    }
  }
  faults = (minorFaults() - faults) / 500;
  for (const { isolate } of isolates) isolate.dispose();
  return { faults, create: median(create), install: median(install), call: median(call) };
}

for (let r = 0; r < ROUNDS; r++) {
  for (const k of [2, 100]) {
    const m = await measure(k, Math.max(TOTAL, k + 500));
    console.log(
      `K=${String(k).padStart(3)}  createContext ${m.create.toFixed(3)} ms | bootstrap+install ${m.install.toFixed(3)} ms | load+call ${m.call.toFixed(3)} ms (isolate CPU, medians) | ${m.faults.toFixed(1)} page faults/context`,
    );
  }
}
