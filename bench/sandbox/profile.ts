// Where a sandbox call's time goes: isolate CPU (all isolates' cpuTime), process CPU (every
// thread) and main-thread event-loop utilisation per call, for one hot workspace and for 100
// workspaces round-robin. Run from the repository root:
//   node --no-node-snapshot --import tsx bench/sandbox/profile.ts [--warm N] [--ms N]
// Add --cpu-prof to see the main thread's share in a profile.
import { performance } from 'node:perf_hooks';
import { createSandbox } from '@toolplane/sandbox';
import { throughput } from './measure';

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
  },
});
let isolateCpuMs = 0;
const call = async (workspaceId: string) => {
  const result = await sandbox.run({ workspaceId, source: SOURCE, payload });
  if (!result.ok) throw new Error(result.error.message);
  isolateCpuMs += result.cpuMs;
};

async function measure(label: string, pick: (i: number) => string) {
  await throughput(500, 8, (i) => call(pick(i)));
  isolateCpuMs = 0;
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  let calls = 0;
  const start = performance.now();
  const rate = await throughput(DURATION, 8, (i) => {
    calls++;
    return call(pick(i));
  });
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const loop = performance.eventLoopUtilization(elu);
  console.log(
    `${label.padEnd(12)} ${rate.toFixed(0).padStart(5)} calls/s | process CPU ${((used.user + used.system) / 1000 / calls).toFixed(3)} ms/call | ` +
      `in-call isolate CPU ${(isolateCpuMs / calls).toFixed(3)} ms/call | main-thread busy ${((loop.utilization * wall) / calls).toFixed(3)} ms/call`,
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
