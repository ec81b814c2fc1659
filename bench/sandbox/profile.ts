// Where a sandbox call's time goes, for one hot workspace and for 100 workspaces round-robin:
// process CPU (every thread; its system part), the isolate CPU the calls themselves saw, the
// main thread's event-loop utilisation (wall time: inflated when the machine is loaded), CPU by
// thread (Linux) and minor page faults per call. Run from the repository root:
//   node --no-node-snapshot --import tsx bench/sandbox/profile.ts [--ms N] [--warm N]
//     [--threads N] [--initial MB] [--only hot|round-robin]
// Add --cpu-prof to see the main thread's share in a profile.
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createSandbox } from '@toolplane/sandbox';
import { minorFaults, throughput } from './measure';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const DURATION = arg('--ms', 3000);
const SOURCE = 'export default (p: { inputs: { id: number } }) => ({ id: p.inputs.id, ok: true });';
const payload = { inputs: { id: 7 }, tool: 'bench' };

const sandbox = createSandbox({
  pool: {
    maxIsolates: 256,
    ...(process.argv.includes('--warm') ? { warmContexts: arg('--warm', 2) } : {}),
    ...(process.argv.includes('--threads') ? { isolateThreads: arg('--threads', 3) } : {}),
    ...(process.argv.includes('--initial') ? { initialOldSpaceMb: arg('--initial', 4) } : {}),
  },
});
let isolateCpuMs = 0;
const call = async (workspaceId: string) => {
  const result = await sandbox.run({ workspaceId, source: SOURCE, payload });
  if (!result.ok) throw new Error(result.error.message);
  isolateCpuMs += result.cpuMs;
};

/**
 * CPU ticks (1/100 s) by thread kind, from /proc (Linux): `main`, `isolates` (isolated-vm's pool
 * threads, which inherit the main thread's name), V8's and libuv's workers. Threads that exited
 * meanwhile (isolated-vm's spill threads) only show in the process total.
 */
function threadTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
      const kind =
        tid === String(process.pid) ? 'main' : name === 'MainThread' ? 'isolates' : name || '?';
      ticks.set(kind, (ticks.get(kind) ?? 0) + Number(fields[11]) + Number(fields[12]));
    }
  } catch {}
  return ticks;
}

async function measure(label: string, pick: (i: number) => string) {
  await throughput(500, 8, (i) => call(pick(i)));
  isolateCpuMs = 0;
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const ticksBefore = threadTicks();
  const faultsBefore = minorFaults();
  let calls = 0;
  const start = performance.now();
  const rate = await throughput(DURATION, 8, (i) => {
    calls++;
    return call(pick(i));
  });
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const loop = performance.eventLoopUtilization(elu);
  const ticksAfter = threadTicks();
  const faults = (minorFaults() - faultsBefore) / calls;
  const split = [...ticksAfter]
    .map(([kind, after]) => [kind, (after - (ticksBefore.get(kind) ?? 0)) * 10] as const)
    .filter(([, spent]) => spent > 0)
    .map(([kind, spent]) => `${kind} ${(spent / calls).toFixed(2)}`)
    .join(', ');
  console.log(
    `${label.padEnd(12)} ${rate.toFixed(0).padStart(5)} calls/s | process CPU ${((used.user + used.system) / 1000 / calls).toFixed(3)} ms/call | ` +
      `(system ${(used.system / 1000 / calls).toFixed(3)}) | in-call isolate CPU ${(isolateCpuMs / calls).toFixed(3)} ms/call | main-thread busy ${((loop.utilization * wall) / calls).toFixed(3)} ms/call\n` +
      `             CPU by thread, ms/call: ${split} | page faults ${faults.toFixed(1)}/call`,
  );
}

for (let w = 0; w < 100; w++) await call(`ws_rr_${w}`);
const only = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]
  : '';
for (let r = 0; r < 2; r++) {
  if (only !== 'round-robin') await measure('hot', () => 'ws_hot');
  if (only !== 'hot') await measure('round-robin', (i) => `ws_rr_${i % 100}`);
}
await sandbox.dispose();
