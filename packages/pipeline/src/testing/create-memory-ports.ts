import type { Tracer } from '@opentelemetry/api';
import type { CompiledTool } from '../compile/compiled-tool';
import type {
  CachePort,
  ClockPort,
  ConnectorRequest,
  ConnectorResult,
  DebugLogPort,
  JwksPort,
  PipelinePorts,
  ScriptRunRequest,
  SecretValue,
} from '../ports/pipeline-ports';
import { cyrb53 } from './cyrb53';

export type MemoryScript = (payload: unknown, request: ScriptRunRequest) => unknown;

export interface MemoryPortsOptions {
  /** Tools by workspace id. */
  tools?: Record<string, readonly CompiledTool[]>;
  connector?: (request: ConnectorRequest) => ConnectorResult | Promise<ConnectorResult>;
  /** Scripts by reference (`path[#export]`). */
  scripts?: Record<string, MemoryScript>;
  /** Secrets by workspace id, then name; a plain string has version 1. */
  secrets?: Record<string, Record<string, string | SecretValue>>;
  /** true: an in-memory cache; or a cache port of your own. */
  cache?: boolean | CachePort;
  clock?: ClockPort;
  tracer?: Tracer;
  jwks?: JwksPort;
  log?: DebugLogPort;
}

export interface MemoryPorts extends PipelinePorts {
  /** Every connector request, in order (for assertions). */
  readonly connectorCalls: ConnectorRequest[];
  readonly scriptCalls: ScriptRunRequest[];
  /** The in-memory cache's entries, when `cache: true`. */
  readonly cacheEntries: Map<string, { value: string; expiresAt: number }>;
}

const systemClock: ClockPort = { now: () => performance.now(), epochMs: () => Date.now() };

/**
 * In-memory implementations of every port, for tests, benchmarks and the dashboard's preview.
 * The hash is cyrb53 (fast, not collision-resistant): production uses SHA-256.
 */
export function createMemoryPorts(options: MemoryPortsOptions = {}): MemoryPorts {
  const clock = options.clock ?? systemClock;
  const tools = new Map<string, Map<string, CompiledTool>>();
  for (const [workspaceId, list] of Object.entries(options.tools ?? {})) {
    tools.set(workspaceId, new Map(list.map((tool) => [tool.name, tool])));
  }
  const connectorCalls: ConnectorRequest[] = [];
  const scriptCalls: ScriptRunRequest[] = [];
  const cacheEntries = new Map<string, { value: string; expiresAt: number }>();
  const memoryCache: CachePort = {
    get(key) {
      const entry = cacheEntries.get(key);
      if (entry === undefined || entry.expiresAt <= clock.now()) return undefined;
      return entry.value;
    },
    set(key, value, ttlSeconds) {
      cacheEntries.set(key, { value, expiresAt: clock.now() + ttlSeconds * 1000 });
    },
  };
  const cache =
    options.cache === true ? memoryCache : options.cache === false ? undefined : options.cache;
  return {
    connectorCalls,
    scriptCalls,
    cacheEntries,
    tools: { get: (workspaceId, name) => tools.get(workspaceId)?.get(name) },
    connectors: {
      async execute(request) {
        connectorCalls.push(request);
        if (options.connector === undefined) return { rows: [] };
        return options.connector(request);
      },
    },
    scripts: {
      async run(request) {
        scriptCalls.push(request);
        const script = options.scripts?.[request.script];
        if (script === undefined) throw new Error(`script ${request.script} not found`);
        return script(request.payload, request);
      },
    },
    secrets: {
      get(workspaceId, name) {
        const secret = options.secrets?.[workspaceId]?.[name];
        return typeof secret === 'string' ? { value: secret, version: 1 } : secret;
      },
    },
    hash: { hash: (text) => cyrb53(text) },
    clock,
    ...(cache === undefined ? {} : { cache }),
    ...(options.tracer === undefined ? {} : { tracer: options.tracer }),
    ...(options.jwks === undefined ? {} : { jwks: options.jwks }),
    ...(options.log === undefined ? {} : { log: options.log }),
  };
}
