import type { Tracer } from '@opentelemetry/api';
import type { CompiledTool } from '../compile/compiled-tool';
import type { InputValue } from '../inputs/input-type';
import type { SqlParamType } from '../sql/compile-sql';

import type { MaybePromise } from './maybe-promise';

/** Compiled tool definitions of a workspace (cached by the runtime, invalidated on change). */
export interface ToolRegistryPort {
  get(workspaceId: string, name: string): MaybePromise<CompiledTool | undefined>;
}

export interface SqlConnectorRequest {
  readonly workspaceId: string;
  readonly connector: string;
  readonly type: 'postgres' | 'mysql';
  /** `$n` (Postgres) or `?` (MySQL) placeholders only; never any value in the text. */
  readonly text: string;
  readonly params: readonly (InputValue | null)[];
  /**
   * The type of each parameter (`text` for a quoted literal). mysql2's `execute` sends every JS
   * number as DOUBLE, which MySQL refuses for `LIMIT ?`: send `int` parameters as strings there.
   */
  readonly paramTypes: readonly SqlParamType[];
  /** Run in a read-only transaction. */
  readonly readOnly: boolean;
  /** Return at most maxRows + 1 rows (or set `truncated`); the pipeline cuts to maxRows. */
  readonly maxRows: number | undefined;
  readonly timeoutMs: number | undefined;
}

export interface RedisConnectorRequest {
  readonly workspaceId: string;
  readonly connector: string;
  readonly type: 'redis';
  readonly command: string;
  readonly args: readonly string[];
  readonly readOnly: boolean;
  readonly timeoutMs: number | undefined;
}

export type ConnectorRequest = SqlConnectorRequest | RedisConnectorRequest;

export interface ConnectorResult {
  /** SQL: the row objects. Redis: the reply (shaped like a script result). */
  readonly rows: unknown;
  readonly truncated?: boolean;
}

/** Executes statements on a workspace's connectors (pg / mysql2 / Redis pools). */
export interface ConnectorPort {
  execute(request: ConnectorRequest): Promise<ConnectorResult>;
}

export type ScriptRole = 'handler' | 'input_mapper' | 'output_mapper' | 'auth_policy';

export interface ScriptRunRequest {
  readonly workspaceId: string;
  readonly tool: string;
  readonly role: ScriptRole;
  /** `path[#export]` of the stored script. */
  readonly script: string;
  readonly payload: unknown;
  /** Secret values the script may read (handlers: the tool's declared secrets). */
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number | undefined;
  /**
   * The call's request id, as the script's second argument carries it (`{ env, workspace,
   * requestId, deadline }`) and for the invocation record. The pipeline passes the JSON-RPC id
   * as a string; absent for a notification-style call without one.
   */
  readonly requestId?: string;
  /**
   * The workspace's script limits (its settings); the runner's defaults apply to what is not
   * given. `timeoutMs` above, when set, is the wall-clock limit and wins over `limits.wallMs`.
   */
  readonly limits?: ScriptRunLimits;
  /** Hosts the script's `fetch` may reach (the workspace's egress allow-list); none if absent. */
  readonly egress?: readonly string[];
  /**
   * Called once per run, success or failure, before `run` settles, with the script's captured
   * console output and its costs — for the invocation record. Must not throw.
   */
  readonly onReport?: (report: ScriptRunReport) => void;
}

/** Per-call script limits (DESIGN §3): CPU time, wall clock, isolate heap. */
export interface ScriptRunLimits {
  readonly cpuMs?: number;
  readonly wallMs?: number;
  readonly memoryMb?: number;
}

/** What one script run printed and cost (console is captured and size-capped by the runner). */
export interface ScriptRunReport {
  readonly console: readonly { readonly level: string; readonly message: string }[];
  readonly consoleTruncated: boolean;
  readonly cpuMs: number;
  readonly wallMs: number;
  /** Absent on success; the runner's error kind (`thrown`, `cpu`, `wall`, `memory`, …) otherwise. */
  readonly errorKind?: string;
}

/**
 * Runs a tenant script (isolated-vm in the runtime). Resolves with its return value; rejects
 * with an Error whose message is the script's own (or the limit it hit).
 */
export interface ScriptRunnerPort {
  run(request: ScriptRunRequest): Promise<unknown>;
}

export interface SecretValue {
  readonly value: string;
  /** Changes whenever the value does; goes into cache keys instead of the value. */
  readonly version: string | number;
}

/** The workspace's decrypted secrets, for `{{ env.X }}`. */
export interface SecretsPort {
  get(workspaceId: string, name: string): MaybePromise<SecretValue | undefined>;
}

/** A collision-resistant digest of a string (the runtime uses SHA-256, hex). */
export interface HashPort {
  hash(text: string): MaybePromise<string>;
}

export interface ClockPort {
  /** Monotonic milliseconds (fractional), for durations: `performance.now()`. */
  now(): number;
  /** Wall-clock milliseconds since the epoch, for token expiry: `Date.now()`. */
  epochMs(): number;
}

/** Result cache (Redis, or in-memory). Failures are treated as misses, never as errors. */
export interface CachePort {
  get(key: string): MaybePromise<string | undefined | null>;
  set(key: string, value: string, ttlSeconds: number): MaybePromise<void>;
}

/** A JWKS document (RFC 7517). */
export interface JsonWebKeySet {
  keys: Record<string, unknown>[];
}

/** JWKS documents for the `jwt` plugin; see createJwksCache for the usual implementation. */
export interface JwksPort {
  getKeySet(url: string, options?: { readonly refresh?: boolean }): Promise<JsonWebKeySet>;
}

/** Where stack traces and other details go (debug level); never to callers. */
export interface DebugLogPort {
  debug(message: string, details: Readonly<Record<string, unknown>>): void;
}

/** Everything with a side effect, as the runtime (or a test) provides it. */
export interface PipelinePorts {
  readonly tools: ToolRegistryPort;
  readonly connectors: ConnectorPort;
  readonly scripts: ScriptRunnerPort;
  readonly secrets: SecretsPort;
  readonly hash: HashPort;
  readonly clock: ClockPort;
  readonly cache?: CachePort;
  /** No tracer, no spans (the no-op default). */
  readonly tracer?: Tracer;
  readonly jwks?: JwksPort;
  readonly log?: DebugLogPort;
}
