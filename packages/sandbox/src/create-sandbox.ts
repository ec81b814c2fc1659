import { systemResolver } from '@toolplane/net-policy/system-resolver';
import { ConsoleCollector } from './call/console-collector';
import { executeCall } from './call/execute-call';
import { CodeCache } from './compile/code-cache';
import { ScriptPreparer } from './compile/prepare-script';
import { DEFAULT_FETCH_LIMITS } from './fetch/fetch-types';
import { nodeHttpTransport } from './fetch/node-http-transport';
import type { FetchEnvironment } from './fetch/perform-fetch';
import { DEFAULT_LIMITS, DEFAULT_POOL, limitMessage, resolveLimits } from './limits';
import { IsolatePool, PoolBusyError, PoolTimeoutError } from './pool/isolate-pool';
import { PooledIsolate } from './pool/pooled-isolate';
import { WorkGate } from './pool/work-gate';
import type {
  CatastrophicErrorState,
  RunRequest,
  RunResult,
  Sandbox,
  SandboxOptions,
  SandboxStats,
  ScriptError,
  ScriptErrorKind,
} from './sandbox-types';

const EXPORT_NAME = /^[A-Za-z_$][\w$]*$/;
const UNAVAILABLE_WORKSPACE =
  "scripts are paused for this workspace: a script exhausted the sandbox's memory; they resume when the runtime restarts";
const UNAVAILABLE_PROCESS = 'the script sandbox is restarting; retry shortly';

/**
 * The script sandbox (DESIGN §3): tenant scripts run in isolated-vm isolates pooled per
 * workspace, each call in a fresh pre-warmed context under CPU, wall-clock and memory limits,
 * with console, timers, fetch, crypto, URL, text encoding, base64 and structuredClone as the only
 * capabilities.
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const defaults = resolveLimits(DEFAULT_LIMITS, options.limits);
  const poolOptions = { ...DEFAULT_POOL, ...options.pool };
  const network = options.network ?? {};
  const fetchLimits = { ...DEFAULT_FETCH_LIMITS, ...network.limits };
  const policy = {
    allowPrivateNetworks: network.allowPrivateNetworks ?? false,
    deny: network.deny ?? [],
  };
  const resolver = network.resolver ?? systemResolver;
  const transport = network.transport ?? nodeHttpTransport;
  const reportInternal = (error: unknown, where: string) => {
    try {
      options.onInternalError?.(error, where);
    } catch {}
  };

  const counters: SandboxStats['counters'] = {
    calls: 0,
    failures: {},
    isolatesCreated: 0,
    isolatesDisposed: 0,
    catastrophicErrors: 0,
  };
  const preparer = new ScriptPreparer();
  const codeCache = new CodeCache();
  const catastrophicLimit = Math.max(1, Math.floor(options.catastrophicErrorLimit ?? 3) || 1);
  const quarantined = new Set<string>();
  const refusingNewIsolates = () => counters.catastrophicErrors >= catastrophicLimit;
  const gate = new WorkGate(Math.max(1, Math.floor(poolOptions.isolateThreads) || 1));
  const pool = new IsolatePool(
    poolOptions,
    (workspaceId, memoryMb) =>
      new PooledIsolate(
        workspaceId,
        memoryMb,
        codeCache,
        poolOptions.warmContexts,
        (message) => {
          counters.catastrophicErrors++;
          if (options.quarantineOnCatastrophicError !== false) quarantined.add(workspaceId);
          const state: CatastrophicErrorState = {
            count: counters.catastrophicErrors,
            limit: catastrophicLimit,
            workspaceQuarantined: quarantined.has(workspaceId),
            refusingNewIsolates: refusingNewIsolates(),
          };
          try {
            if (options.onCatastrophicError)
              options.onCatastrophicError(message, workspaceId, state);
            else reportInternal(new Error(message), 'isolate');
          } catch {}
        },
        gate,
        poolOptions.initialOldSpaceMb,
      ),
    () => !refusingNewIsolates(),
  );
  const sweeper = setInterval(
    () => pool.sweep(),
    Math.max(1000, Math.min(poolOptions.idleTimeoutMs / 4, 30_000)),
  );
  sweeper.unref();

  let disposed = false;

  async function run(request: RunRequest): Promise<RunResult> {
    const startedAt = performance.now();
    const limits = resolveLimits(defaults, request.limits);
    const deadline = Date.now() + limits.wallMs;
    const consoleLines = new ConsoleCollector(limits.maxConsoleBytes);
    counters.calls++;
    let cpuMs = 0;

    const finish = (
      result: { ok: true; value: unknown } | { ok: false; error: ScriptError },
    ): RunResult => {
      if (!result.ok) {
        const kind: ScriptErrorKind = result.error.kind;
        counters.failures[kind] = (counters.failures[kind] ?? 0) + 1;
      }
      return {
        ...result,
        console: consoleLines.entries,
        consoleTruncated: consoleLines.truncated,
        cpuMs: Math.round(cpuMs * 1000) / 1000,
        wallMs: Math.round((performance.now() - startedAt) * 1000) / 1000,
      };
    };
    const fail = (kind: ScriptErrorKind, message: string) =>
      finish({ ok: false, error: { kind, message } });

    if (disposed) return fail('internal', 'script failed: the sandbox is shut down');
    if (typeof request.workspaceId !== 'string' || request.workspaceId === '') {
      return fail('internal', 'script failed: no workspace');
    }
    const exportName = request.exportName ?? 'default';
    if (!EXPORT_NAME.test(exportName)) return fail('export', `invalid export name '${exportName}'`);

    // Containment after isolated-vm's catastrophic errors (see `onCatastrophicError`): the
    // workspace that caused one gets no new isolate, and past the limit no workspace does.
    if (quarantined.has(request.workspaceId)) {
      return fail('unavailable', UNAVAILABLE_WORKSPACE);
    }
    if (refusingNewIsolates() && !pool.hasLiveIsolate(request.workspaceId)) {
      return fail('unavailable', UNAVAILABLE_PROCESS);
    }

    let prepared: ReturnType<ScriptPreparer['prepare']>;
    try {
      prepared = preparer.prepare(request);
    } catch (error) {
      reportInternal(error, 'prepare');
      return fail('internal', 'script failed: internal error');
    }
    if (!prepared.ok) return finish(prepared);

    let pooled: PooledIsolate;
    try {
      pooled = await pool.acquire(request.workspaceId, limits.memoryMb, deadline - Date.now());
    } catch (error) {
      if (error instanceof PoolBusyError) return fail('busy', error.message);
      if (error instanceof PoolTimeoutError) return fail('wall', limitMessage('wall', limits));
      reportInternal(error, 'acquire');
      return fail('internal', 'script failed: internal error');
    }

    try {
      await pooled.ready;
    } catch (error) {
      pool.remove(pooled);
      reportInternal(error, 'isolate start');
      return fail('internal', 'script failed: internal error');
    }

    const fetchEnvironment: Omit<FetchEnvironment, 'signal' | 'deadline'> = {
      allowList: request.egress ?? [],
      policy,
      resolver,
      transport,
      limits: fetchLimits,
    };
    const outcome = await executeCall(pooled, {
      script: prepared.script,
      exportName,
      payload: request.payload,
      context: {
        env: request.context?.env ?? {},
        workspace: request.context?.workspace ?? request.workspaceId,
        requestId: request.context?.requestId ?? '',
      },
      limits,
      deadline,
      console: consoleLines,
      fetchEnvironment,
    });
    void outcome.settled.then(() => pool.release(pooled));
    cpuMs = outcome.cpuMs;
    if (outcome.internal !== undefined) reportInternal(outcome.internal, 'call');
    return finish(outcome.result);
  }

  return {
    run,
    stats() {
      const isolates = pool.all();
      return {
        degraded: counters.catastrophicErrors > 0,
        refusingNewIsolates: refusingNewIsolates(),
        quarantinedWorkspaces: [...quarantined],
        workspaces: pool.workspaceCount,
        isolates: isolates.length,
        busyIsolates: isolates.filter((isolate) => isolate.busy).length,
        warmContexts: isolates.reduce((sum, isolate) => sum + isolate.warmCount, 0),
        queuedCalls: pool.queued,
        cachedTransforms: preparer.size,
        cachedCode: codeCache.size,
        counters: {
          ...counters,
          failures: { ...counters.failures },
          isolatesCreated: pool.created,
          isolatesDisposed: pool.disposed,
        },
      };
    },
    async heapBytes() {
      let total = 0;
      for (const isolate of pool.all()) {
        if (!isolate.alive) continue;
        try {
          const heap = await isolate.isolate.getHeapStatistics();
          total += heap.used_heap_size + heap.externally_allocated_size;
        } catch {}
      }
      return total;
    },
    async dispose() {
      disposed = true;
      clearInterval(sweeper);
      pool.dispose();
      codeCache.clear();
    },
  };
}
