/**
 * Per-call overhead of the pipeline for a three-input SQL tool, with in-memory ports: the
 * connector and scripts answer at once, so what is measured is the pipeline itself. Scenarios:
 * the plain tool (resolve → input transform → validation → binding → connector → serialization),
 * the same with cache hits, and one with every stage configured (api_key auth with a secret,
 * input and output mappers, `{{ env.X }}`, a no-op OpenTelemetry tracer).
 * Run: `node --import tsx bench/pipeline/run.ts`.
 */
import { trace } from '@opentelemetry/api';
import {
  type CompiledTool,
  compileTool,
  executeToolCall,
  type PipelinePorts,
  type ToolCallRequest,
} from '@toolplane/pipeline';
import { cyrb53 } from '@toolplane/pipeline/testing';

const WARMUP = 20_000;
const MEASURED = 100_000;

const compiled = compileTool(
  {
    kind: 'statement',
    name: 'find-orders',
    connector: 'main',
    statement:
      "SELECT id, status, total FROM orders WHERE customer_id = {{ inputs.customer_id }} AND status = '{{ inputs.status }}' AND created_at >= {{ inputs.since }} LIMIT 20",
    inputs: {
      customer_id: { type: 'int' },
      status: { type: 'string' },
      since: { type: 'datetime', default: '2024-01-01' },
    },
  },
  { version: 1, connectorType: () => 'postgres' },
);
if (!compiled.ok) throw new Error(JSON.stringify(compiled.diagnostics));
const plainTool: CompiledTool = compiled.tool;
const cachedTool = compileTool(
  { ...compiled.tool.definition, name: 'find-orders-cached', cache: { enabled: true, ttl: 3600 } },
  { version: 1, connectorType: () => 'postgres' },
).tool!;

const everyStage = compileTool(
  {
    ...compiled.tool.definition,
    name: 'find-orders-every-stage',
    statement:
      "SELECT id, status, total FROM orders WHERE customer_id = {{ inputs.customer_id }} AND status = '{{ inputs.status }}' AND created_at >= {{ inputs.since }} AND tenant = '{{ env.TENANT }}' LIMIT 20",
    auth: { plugin: 'api_key', policy: { value: '{{ env.TOOL_KEY }}' } },
    mappers: { input: 'in.ts', output: 'out.ts' },
    cache: { enabled: true, ttl: 3600 },
  },
  { version: 1, connectorType: () => 'postgres' },
);
if (!everyStage.ok) throw new Error(JSON.stringify(everyStage.diagnostics));

const row = { id: 1, status: 'shipped', total: '19.90' };
const secrets = new Map([
  ['TENANT', { value: 'acme', version: 1 }],
  ['TOOL_KEY', { value: 'bench-key-0123456789', version: 1 }],
]);
const cache = new Map<string, string>();
const tools = new Map([
  [plainTool.name, plainTool],
  [cachedTool.name, cachedTool],
  [everyStage.tool.name, everyStage.tool],
]);
const ports: PipelinePorts = {
  tools: { get: (_workspace, name) => tools.get(name) },
  connectors: { execute: async () => ({ rows: [row] }) },
  scripts: {
    run: async ({ role, payload }) =>
      role === 'input_mapper'
        ? (payload as { inputs: unknown }).inputs
        : (payload as { results: unknown }).results,
  },
  secrets: { get: (_workspace, name) => secrets.get(name) },
  hash: { hash: (text) => cyrb53(text) },
  clock: { now: () => performance.now(), epochMs: () => Date.now() },
  cache: { get: (key) => cache.get(key), set: (key, value) => void cache.set(key, value) },
};

function request(tool: string, i: number): ToolCallRequest {
  return {
    requestId: i,
    workspace: { id: 'ws_bench' },
    toolName: tool,
    arguments: { customer_id: 1000 + (i % 7), status: 'shipped', since: '2024-03-01T00:00:00Z' },
    caller: {
      headers: { 'x-api-key': 'bench-key-0123456789' },
      token: { id: 'tok_bench', tools: 'all', scopes: [] },
    },
  };
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

const withTracer: PipelinePorts = { ...ports, tracer: trace.getTracer('bench') };

async function measure(label: string, tool: string, using = ports): Promise<number> {
  for (let i = 0; i < WARMUP; i++) {
    const outcome = await executeToolCall(request(tool, i), using);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.response));
  }
  const samples = new Float64Array(MEASURED);
  for (let i = 0; i < MEASURED; i++) {
    const start = performance.now();
    await executeToolCall(request(tool, i), using);
    samples[i] = (performance.now() - start) * 1000;
  }
  samples.sort();
  const median = percentile(samples, 0.5);
  console.log(
    `${label.padEnd(36)} median ${median.toFixed(2).padStart(6)} µs   p99 ${percentile(samples, 0.99).toFixed(2).padStart(6)} µs   (${MEASURED} calls after ${WARMUP} warm-up)`,
  );
  return median;
}

console.log(`node ${process.version} — per-call pipeline overhead, three-input SQL tool`);
const median = await measure('full pipeline, cache off', plainTool.name);
await measure('full pipeline, cache on (hits)', cachedTool.name);
await measure('every stage (auth, mappers, tracer)', everyStage.tool.name, withTracer);
console.log(median < 20 ? 'target < 20 µs median: met' : 'target < 20 µs median: MISSED');
