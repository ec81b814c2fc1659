import type { DenyEntry, Resolver } from '@toolplane/net-policy';
import type { ScriptLanguage } from '@toolplane/scripts';
import type { FetchLimits, FetchTransport } from './fetch/fetch-types';

/**
 * Why a script call failed. `syntax` and `export` are definition problems; `thrown` is the
 * script's own error; `result` a value that cannot leave the sandbox as JSON; `cpu`, `wall` and
 * `memory` the limits; `busy` a full queue; `internal` anything else (details go to
 * `onInternalError`, never to the caller).
 */
export type ScriptErrorKind =
  | 'syntax'
  | 'export'
  | 'thrown'
  | 'result'
  | 'cpu'
  | 'wall'
  | 'memory'
  | 'busy'
  | 'unavailable'
  | 'internal';

export type ScriptError = {
  kind: ScriptErrorKind;
  message: string;
  line?: number;
  column?: number;
};

export type ConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';
export type ConsoleEntry = { level: ConsoleLevel; message: string };

export type ScriptLimits = {
  /** CPU time one call may use, measured on the isolate. */
  cpuMs: number;
  /** Wall-clock time from `run()` to the result, queueing and awaited I/O included. */
  wallMs: number;
  /** Heap limit of the isolate the call runs in. */
  memoryMb: number;
  /** Size of the result as JSON. */
  maxResultBytes: number;
  /** Console output kept per call (characters). */
  maxConsoleBytes: number;
};

/** The second argument the script's function receives (plus `deadline`, set by the sandbox). */
export type ScriptContext = {
  /** Only the secrets the tool declares. */
  env?: Readonly<Record<string, string>>;
  workspace?: unknown;
  requestId?: string;
};

export type RunRequest = {
  workspaceId: string;
  /** The script as written (compiled here, cached by source)… */
  source?: string;
  /** …or as compiled by `@toolplane/scripts` when it was saved. */
  compiled?: { code: string };
  /** The script's name, shown in stack traces inside the sandbox (`handlers/get-user.ts`). */
  filename?: string;
  language?: ScriptLanguage;
  /** `default` unless the definition says `path#name`. */
  exportName?: string;
  payload: unknown;
  context?: ScriptContext;
  limits?: Partial<ScriptLimits>;
  /** Hosts `fetch` may reach: `api.example.com`, `*.example.com`, `api.example.com:8443`. */
  egress?: readonly string[];
};

type RunReport = {
  console: ConsoleEntry[];
  consoleTruncated: boolean;
  cpuMs: number;
  wallMs: number;
};

export type RunResult =
  | ({ ok: true; value: unknown } & RunReport)
  | ({ ok: false; error: ScriptError } & RunReport);

export type PoolOptions = {
  /** Isolates per workspace: calls of one workspace beyond this wait their turn. */
  maxIsolatesPerWorkspace: number;
  /** Isolates in the process; the least recently used idle one is evicted to make room. */
  maxIsolates: number;
  /** Calls waiting per workspace before `busy` errors. */
  maxQueuedPerWorkspace: number;
  /**
   * Pre-warmed contexts kept per isolate (default 1: the build after each call replaces the one
   * it took before the isolate is handed back, so a second one would never be used), plus one
   * created but not yet bootstrapped context (the spare).
   */
  warmContexts: number;
  /** An isolate unused this long is disposed. */
  idleTimeoutMs: number;
  /**
   * Isolates the sandbox wakes at once, process-wide (default: cores + 1, isolated-vm's thread
   * pool size). isolated-vm starts a new OS thread, on the main thread, for every task beyond its
   * pool; staying under it keeps isolate work on pooled, warm threads (see `WorkGate`).
   */
  isolateThreads: number;
  /**
   * V8's old-generation size for a new isolate until its first full GC, in MB (default 4; 0:
   * V8's own, half the memory limit). Small, so an isolate that gets few calls — one of many
   * workspaces — reuses its freed contexts' memory early instead of growing on fresh pages (see
   * `newIsolate`). Ignored when the process was started with `--initial-old-space-size` or
   * `--initial-heap-size`.
   */
  initialOldSpaceMb: number;
};

export type NetworkOptions = {
  /** Loopback and private ranges: local development and tests only (DESIGN §4). */
  allowPrivateNetworks?: boolean;
  /** The control plane's own database and Redis. */
  deny?: readonly DenyEntry[];
  /** Injected in tests so that no lookup leaves the machine. Default: the system resolver. */
  resolver?: Resolver;
  /** Injected in tests to prove a refusal happens before any socket opens. */
  transport?: FetchTransport;
  limits?: Partial<FetchLimits>;
};

export type SandboxOptions = {
  limits?: Partial<ScriptLimits>;
  pool?: Partial<PoolOptions>;
  network?: NetworkOptions;
  /** Called with the detail of every `internal` error (the caller only sees a generic message). */
  onInternalError?: (error: unknown, where: string) => void;
  /**
   * isolated-vm's "catastrophic error": V8 ran out of memory in a way the isolate's limit did not
   * catch (a hash table growing near the limit can do this — isolated-vm issues #457, #527). The
   * call fails with the memory error and the isolate is replaced, but the isolate's thread stays
   * parked and its memory is not returned. isolated-vm's advice is to stop taking work and restart
   * the process; the sandbox marks itself `degraded`, quarantines the workspace, and calls this
   * once per event, synchronously, so the runtime can do that. Contract (README "Catastrophic
   * errors"): mark the process unready at once, keep serving in-flight calls, then exit non-zero
   * after draining so the supervisor restarts it. Must not throw (a throw is swallowed) nor
   * `process.abort()` on the spot (that would kill other tenants' in-flight calls).
   */
  onCatastrophicError?: (
    message: string,
    workspaceId: string,
    state: CatastrophicErrorState,
  ) => void;
  /**
   * Catastrophic errors after which the sandbox creates no new isolate for any workspace (calls
   * that would need one fail at once with `unavailable`; live isolates keep serving). Bounds what
   * leaked threads and heaps can cost before the process is recycled. Default 3.
   */
  catastrophicErrorLimit?: number;
  /**
   * Refuse the workspace whose script caused a catastrophic error (`unavailable`) until the
   * process restarts, so one tenant cannot leak a thread and a heap per call. Default `true`.
   */
  quarantineOnCatastrophicError?: boolean;
};

/** Passed to `onCatastrophicError` (see the README's contract). */
export type CatastrophicErrorState = {
  /** Catastrophic errors in this process so far, this one included. */
  count: number;
  /** `catastrophicErrorLimit`. */
  limit: number;
  /** The workspace's calls now fail with `unavailable`. */
  workspaceQuarantined: boolean;
  /** `count >= limit`: no new isolates; only workspaces with a live isolate still run. */
  refusingNewIsolates: boolean;
};

export type SandboxStats = {
  /** A catastrophic isolate error happened: the process should be recycled (drain, restart). */
  degraded: boolean;
  /** Past `catastrophicErrorLimit`: no new isolates are created. */
  refusingNewIsolates: boolean;
  /** Workspaces refused after causing a catastrophic error. */
  quarantinedWorkspaces: string[];
  workspaces: number;
  isolates: number;
  busyIsolates: number;
  warmContexts: number;
  queuedCalls: number;
  cachedTransforms: number;
  cachedCode: number;
  counters: {
    calls: number;
    failures: Partial<Record<ScriptErrorKind, number>>;
    isolatesCreated: number;
    isolatesDisposed: number;
    catastrophicErrors: number;
  };
};

export type Sandbox = {
  run(request: RunRequest): Promise<RunResult>;
  stats(): SandboxStats;
  /** Heap in use by every isolate, from V8's statistics. */
  heapBytes(): Promise<number>;
  dispose(): Promise<void>;
};
