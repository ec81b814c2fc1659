// Sandbox benchmark (issue 4). Run from the repository root:
//   node --no-node-snapshot --import tsx bench/sandbox/run.ts
// Options: --quick (fewer samples), --repeat N (default 3; medians of the repeats are reported),
// --initial MB (the pools' initialOldSpaceMb).
import { createSandbox, type RunRequest } from '@toolplane/sandbox';
import ivm from 'isolated-vm';
import { fmt, latencies, median, minorFaults, percentile, table, throughput } from './measure';

const quick = process.argv.includes('--quick');
const repeatArg = process.argv.indexOf('--repeat');
const repeats = repeatArg === -1 ? 3 : Number(process.argv[repeatArg + 1]);
const initialArg = process.argv.indexOf('--initial');
// `--initial MB`: the pools' `initialOldSpaceMb` (default: the sandbox's), for A/B runs.
const pool = {
  maxIsolates: 256,
  ...(initialArg === -1 ? {} : { initialOldSpaceMb: Number(process.argv[initialArg + 1]) }),
};
const N = quick ? 300 : 2000;
// Throughput windows: WINDOWS pairs of hot and round-robin windows, WINDOW_MS each.
const WINDOWS = quick ? 4 : 6;
const WINDOW_MS = quick ? 500 : 1000;
const WARMUP_MS = 500;

const SOURCE = 'export default (p: { inputs: { id: number } }) => ({ id: p.inputs.id, ok: true });';
const handler = (p: { inputs: { id: number } }) => ({ id: p.inputs.id, ok: true });
const payload = { inputs: { id: 7 }, tool: 'bench' };

type Figures = Record<string, number>;

async function once(): Promise<Figures> {
  const figures: Figures = {};
  const sandbox = createSandbox({ pool });
  const call = (workspaceId: string) => {
    const request: RunRequest = { workspaceId, source: SOURCE, payload };
    return sandbox.run(request).then((result) => {
      if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
      return result;
    });
  };

  // Warm call, fresh context included: back to back (the refill competes) and paced (a call
  // every 2 ms, so the pre-warmed context is ready).
  await latencies(300, () => call('ws_hot'));
  const backToBack = await latencies(N, () => call('ws_hot'));
  figures.warmMedian = median(backToBack);
  figures.warmP95 = percentile(backToBack, 95);
  const paced = await latencies(quick ? 200 : 500, () => call('ws_hot'), 2);
  figures.pacedMedian = median(paced);
  figures.pacedP95 = percentile(paced, 95);

  // First call for a workspace: isolate + bootstrap + compile (the code cache is warm: the
  // process has seen this script) — the common case of a workspace waking up.
  const firsts = await latencies(quick ? 10 : 30, async () => {
    await call(`ws_first_${Math.random()}`);
  });
  figures.firstMedian = median(firsts);
  figures.firstP95 = percentile(firsts, 95);

  // Throughput: one hot workspace vs 100 workspaces round-robin, 8 calls in flight. Both sets of
  // pools exist and get the same warm-up before anything is timed; then short hot and
  // round-robin windows alternate, so a change in the machine's load (it is shared) hits both
  // sides of each pair alike; the ratio is the median of the pairs' ratios.
  const hotCall = () => call('ws_hot');
  const roundRobinCall = (i: number) => call(`ws_rr_${i % 100}`);
  for (let w = 0; w < 100; w++) await call(`ws_rr_${w}`);
  await throughput(WARMUP_MS, 8, hotCall);
  await throughput(WARMUP_MS, 8, roundRobinCall);
  // Per side, besides the rates: process CPU and minor page faults per call, which the
  // machine's load disturbs less than the rates do.
  const side = (call: (i: number) => Promise<unknown>) => ({ call, calls: 0, cpuUs: 0, faults: 0 });
  const hot = side(hotCall);
  const roundRobin = side(roundRobinCall);
  const timeWindow = async (of: ReturnType<typeof side>) => {
    const cpu = process.cpuUsage();
    const faults = minorFaults();
    let calls = 0;
    const rate = await throughput(WINDOW_MS, 8, (i) => {
      calls++;
      return of.call(i);
    });
    const used = process.cpuUsage(cpu);
    of.calls += calls;
    of.cpuUs += used.user + used.system;
    of.faults += minorFaults() - faults;
    return rate;
  };
  const hotRates: number[] = [];
  const roundRobinRates: number[] = [];
  const pairRatios: number[] = [];
  for (let window = 0; window < WINDOWS; window++) {
    // Alternate which side goes first, so neither always runs right after the other.
    const first = window % 2 === 0;
    const a = await timeWindow(first ? hot : roundRobin);
    const b = await timeWindow(first ? roundRobin : hot);
    const [h, r] = first ? [a, b] : [b, a];
    hotRates.push(h);
    roundRobinRates.push(r);
    pairRatios.push(r / h);
  }
  figures.hotPerSecond = median(hotRates);
  figures.roundRobinPerSecond = median(roundRobinRates);
  figures.roundRobinRatio = median(pairRatios);
  figures.hotCpuMs = hot.cpuUs / 1000 / hot.calls;
  figures.roundRobinCpuMs = roundRobin.cpuUs / 1000 / roundRobin.calls;
  figures.hotFaults = hot.faults / hot.calls;
  figures.roundRobinFaults = roundRobin.faults / roundRobin.calls;

  // Heap in use (live and not yet collected) per isolate once the windows have run: how far an
  // isolate's heap grows between full GCs.
  figures.heapAfterWindowsMb = (await sandbox.heapBytes()) / sandbox.stats().isolates / 1024 / 1024;

  // Memory per idle workspace pool: 100 fresh workspaces, one call each, left idle.
  await sandbox.dispose();
  const idle = createSandbox({ pool });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const rssBefore = process.memoryUsage().rss;
  for (let w = 0; w < 100; w++)
    await idle.run({ workspaceId: `ws_idle_${w}`, source: SOURCE, payload });
  await new Promise((resolve) => setTimeout(resolve, 500));
  figures.rssPerPoolMb = (process.memoryUsage().rss - rssBefore) / 100 / 1024 / 1024;
  figures.heapPerPoolMb = (await idle.heapBytes()) / idle.stats().isolates / 1024 / 1024;
  figures.warmContextsPerPool = idle.stats().warmContexts / idle.stats().isolates;
  await idle.dispose();

  // The same function in a reused context (no fresh context, no guards): the floor of one
  // isolate crossing with the same JSON in and out.
  const isolate = new ivm.Isolate({ memoryLimit: 64 });
  const context = await isolate.createContext();
  const fn = (await context.eval(
    '(function (json) { const p = JSON.parse(json); return JSON.stringify({ id: p.inputs.id, ok: true }); })',
    { reference: true },
  )) as ivm.Reference<(json: string) => string>;
  const json = JSON.stringify(payload);
  await latencies(300, () => fn.apply(undefined, [json]));
  figures.reusedMedian = median(await latencies(N, () => fn.apply(undefined, [json])));
  isolate.dispose();

  // Directly in Node: the plain call, and with the same JSON round trip.
  const direct = await latencies(N * 5, () => handler(payload));
  figures.directMedian = median(direct);
  const directJson = await latencies(N * 5, () =>
    JSON.parse(JSON.stringify(handler(JSON.parse(json)))),
  );
  figures.directJsonMedian = median(directJson);
  return figures;
}

const runs: Figures[] = [];
for (let r = 0; r < repeats; r++) {
  runs.push(await once());
  process.stderr.write(`run ${r + 1}/${repeats} done\n`);
}
const m = (key: string) => median(runs.map((run) => run[key]!));
const ratio = (key: string) => median(runs.map((run) => run[key]! / run.directJsonMedian!));

console.log(
  `\nSandbox benchmark — Node ${process.version}, ${repeats} run(s), medians of the runs\n`,
);
console.log(
  table([
    ['measure', 'value', 'target / note'],
    ['warm call, fresh context, back to back: median', `${fmt(m('warmMedian'))} ms`, '≤ 1 ms'],
    ['warm call, fresh context, back to back: p95', `${fmt(m('warmP95'))} ms`, ''],
    [
      'warm call, fresh context, paced (2 ms apart): median',
      `${fmt(m('pacedMedian'))} ms`,
      'pre-warmed context ready',
    ],
    ['warm call, fresh context, paced: p95', `${fmt(m('pacedP95'))} ms`, ''],
    [
      'same function, reused context (raw isolate call): median',
      `${fmt(m('reusedMedian'))} ms`,
      'floor: one crossing',
    ],
    ['first call for a workspace: median', `${fmt(m('firstMedian'), 2)} ms`, '≤ 30 ms'],
    ['first call for a workspace: p95', `${fmt(m('firstP95'), 2)} ms`, ''],
    ['throughput, one hot workspace (8 in flight)', `${fmt(m('hotPerSecond'), 0)} calls/s`, ''],
    [
      'throughput, 100 workspaces round-robin (8 in flight)',
      `${fmt(m('roundRobinPerSecond'), 0)} calls/s`,
      'within 2× of hot',
    ],
    [
      'round-robin / hot (median of paired windows)',
      fmt(m('roundRobinRatio'), 2),
      `≥ 0.5 (per run: ${runs.map((run) => fmt(run.roundRobinRatio!, 2)).join(', ')})`,
    ],
    [
      'process CPU per call, hot / round-robin',
      `${fmt(m('hotCpuMs'))} / ${fmt(m('roundRobinCpuMs'))} ms`,
      'all threads, in the throughput windows',
    ],
    [
      'minor page faults per call, hot / round-robin',
      `${fmt(m('hotFaults'), 1)} / ${fmt(m('roundRobinFaults'), 1)}`,
      'Linux; 0 elsewhere',
    ],
    [
      'V8 heap per isolate after the throughput windows',
      `${fmt(m('heapAfterWindowsMb'), 2)} MB`,
      'in use, garbage included',
    ],
    [
      'memory per idle workspace pool (RSS)',
      `${fmt(m('rssPerPoolMb'), 2)} MB`,
      '1 isolate + warm contexts',
    ],
    [
      'V8 heap per idle workspace pool',
      `${fmt(m('heapPerPoolMb'), 2)} MB`,
      `${fmt(m('warmContextsPerPool'), 1)} warm contexts`,
    ],
    [
      'same function directly in Node: median',
      `${fmt(m('directMedian') * 1000, 3)} µs`,
      'plain call',
    ],
    [
      'directly in Node with JSON in/out: median',
      `${fmt(m('directJsonMedian') * 1000, 3)} µs`,
      'baseline for the ratios',
    ],
    ['ratio: sandbox warm (back to back) / direct', `${fmt(ratio('warmMedian'), 0)}×`, ''],
    ['ratio: sandbox warm (paced) / direct', `${fmt(ratio('pacedMedian'), 0)}×`, ''],
    ['ratio: reused context / direct', `${fmt(ratio('reusedMedian'), 0)}×`, ''],
  ]),
);
