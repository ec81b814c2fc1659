import type { PreparedScript } from '../compile/prepare-script';
import { v8SyntaxError } from '../compile/v8-syntax-error';
import type { FetchEnvironment } from '../fetch/perform-fetch';
import { limitMessage } from '../limits';
import type { PooledIsolate } from '../pool/pooled-isolate';
import type { WarmContext } from '../pool/warm-context';
import type { ScriptContext, ScriptError, ScriptLimits } from '../sandbox-types';
import { CallState } from './call-state';
import type { ConsoleCollector } from './console-collector';
import { decodeEnvelope } from './decode-envelope';
import { LimitGuard, type LimitKind } from './limit-guard';

export type CallInput = {
  script: PreparedScript;
  exportName: string;
  payload: unknown;
  context: ScriptContext;
  limits: ScriptLimits;
  deadline: number;
  console: ConsoleCollector;
  fetchEnvironment: Omit<FetchEnvironment, 'signal' | 'deadline'>;
};

export type CallOutcome = {
  result: { ok: true; value: unknown } | { ok: false; error: ScriptError };
  cpuMs: number;
  /** Set when the failure is ours, for `onInternalError`. */
  internal?: unknown;
  /**
   * Resolves once the isolate is idle again and the context is released: only then may the
   * isolate serve another call. A script can leave microtasks running after it returns; they are
   * waited out here, off the caller's path but still under the call's CPU and wall guards (a
   * runaway tail kills the isolate, never a later call).
   */
  settled: Promise<void>;
};

/** How long a call keeps its work slot at most (see `WorkGate`). */
const CALL_SLOT_MS = 5;

const INTERNAL: ScriptError = { kind: 'internal', message: 'script failed: internal error' };

function isMemoryKill(error: unknown): boolean {
  return error instanceof Error && /memory limit/i.test(error.message);
}

type Result = CallOutcome['result'];

/**
 * Runs one call on an isolate the caller holds: loads the compiled script into a pre-warmed
 * context and calls the export under the CPU and wall guards. Every failure becomes a
 * `ScriptError`; nothing from the host (stack, path) is passed on.
 */
export async function executeCall(pooled: PooledIsolate, input: CallInput): Promise<CallOutcome> {
  const { limits } = input;
  let payloadJson: string;
  try {
    payloadJson = JSON.stringify({
      payload: input.payload ?? null,
      context: { ...input.context, deadline: input.deadline },
      maxConsoleChars: limits.maxConsoleBytes,
      maxResultChars: limits.maxResultBytes,
    });
  } catch (error) {
    return {
      result: {
        ok: false,
        error: { kind: 'internal', message: 'the payload is not JSON-serialisable' },
      },
      cpuMs: 0,
      internal: error,
      settled: Promise.resolve(),
    };
  }

  const cpuStart = pooled.isolate.cpuTime;
  const guard = new LimitGuard(pooled.isolate, cpuStart, limits.cpuMs, input.deadline);
  let warm: WarmContext | null = null;
  let call: CallState | null = null;
  let internal: unknown;
  // A catastrophic out-of-memory error leaves the isolate's thread parked, so the CPU or wall
  // guard is what ends the call; memory is what the script exhausted.
  const limitError = (limit: 'cpu' | 'wall' | 'memory'): Result => {
    const kind = pooled.catastrophic ? 'memory' : limit;
    return { ok: false, error: { kind, message: limitMessage(kind, limits) } };
  };

  const settle = async (): Promise<void> => {
    try {
      // A task queued behind the call runs only once the isolate is idle.
      if (warm && !guard.kind) await Promise.race([pooled.idle(warm), guard.killed]);
    } catch {
      // Killed meanwhile (the guard disposed the isolate) or out of memory: the pool drops it.
    } finally {
      guard.stop();
      if (warm) {
        try {
          warm.release();
        } catch {}
      }
    }
  };

  const attempt = async (): Promise<Result> => {
    try {
      let script: Awaited<ReturnType<PooledIsolate['script']>> | LimitKind;
      try {
        script = await Promise.race([
          pooled.script(input.script.hash, input.script.code, input.script.filename),
          guard.killed,
        ]);
      } catch (error) {
        const syntax = v8SyntaxError(error);
        if (syntax) return { ok: false, error: syntax };
        throw error;
      }
      if (guard.kind || typeof script === 'string') return limitError(guard.kind ?? 'wall');

      const context = await Promise.race([pooled.takeContext(), guard.killed]);
      if (guard.kind || typeof context === 'string') return limitError(guard.kind ?? 'wall');
      warm = context;
      const entry = context.entry;
      call = new CallState(
        input.console,
        input.deadline,
        input.fetchEnvironment,
        (operation, id, payload) => {
          entry.applyIgnored(undefined, [operation, id, payload], { arguments: { copy: true } });
        },
      );
      context.slot.call = call;

      // Loading and calling the script is one wake of the isolate: it holds a work slot until
      // the call returns or, for a call that awaits I/O or computes for long, a few ms.
      const gate = pooled.workGate;
      const acquired = gate.acquire(true);
      const ready = await Promise.race([acquired.then(() => true), guard.killed]);
      if (ready !== true) {
        // Killed while waiting: the slot, once granted, goes straight back.
        void acquired.then(() => gate.release());
        return limitError(guard.kind ?? 'wall');
      }
      const releaseSlot = gate.releaser();
      const slotTimer = setTimeout(releaseSlot, CALL_SLOT_MS);
      let envelope: unknown;
      try {
        script.runIgnored(context.context);
        envelope = await Promise.race([
          entry.apply(undefined, ['run', input.exportName, payloadJson], {
            result: { promise: true },
          }),
          guard.killed,
        ]);
      } finally {
        clearTimeout(slotTimer);
        releaseSlot();
      }
      if (guard.kind) return limitError(guard.kind);
      return decodeEnvelope(envelope, limits.maxResultBytes);
    } catch (error) {
      if (guard.kind) return limitError(guard.kind);
      if (isMemoryKill(error)) return limitError('memory');
      internal = error;
      return { ok: false, error: INTERNAL };
    } finally {
      // Timers and fetches end with the call, before its result is handed back.
      (call as CallState | null)?.end();
    }
  };

  const result = await attempt();
  const cpuMs = guard.cpuMs();
  return { result, cpuMs, settled: settle(), ...(internal === undefined ? {} : { internal }) };
}
