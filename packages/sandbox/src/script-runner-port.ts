import type { ScriptRunnerPort, ScriptRunRequest } from '@toolplane/pipeline';
import { parseScriptRef, type ScriptLanguage } from '@toolplane/scripts';
import type {
  RunResult,
  Sandbox,
  ScriptError,
  ScriptErrorKind,
  ScriptLimits,
} from './sandbox-types';

/** A stored script as the runtime's registry holds it: source, or code compiled on save. */
export type StoredScript =
  | { source: string; filename?: string; language?: ScriptLanguage }
  | { compiled: { code: string }; filename?: string };

/** Workspace settings the port's request does not carry. */
export type ScriptWorkspaceSettings = {
  egress?: readonly string[];
  limits?: Partial<ScriptLimits>;
};

type MaybePromise<T> = T | Promise<T>;

export type ScriptRunnerPortOptions = {
  /** The script stored at `path` in the workspace, or `undefined` when there is none. */
  load(workspaceId: string, path: string): MaybePromise<StoredScript | undefined>;
  settings?(workspaceId: string): MaybePromise<ScriptWorkspaceSettings>;
  /** Console output and timings of every run, for the invocation record. */
  onRun?(request: ScriptRunRequest, result: RunResult): void;
};

function definedLimits(limits: ScriptRunRequest['limits']): Partial<ScriptLimits> {
  const out: Partial<ScriptLimits> = {};
  if (limits?.cpuMs !== undefined) out.cpuMs = limits.cpuMs;
  if (limits?.wallMs !== undefined) out.wallMs = limits.wallMs;
  if (limits?.memoryMb !== undefined) out.memoryMb = limits.memoryMb;
  return out;
}

/** What the port rejects with: the script's own message (or the limit hit) and its kind. */
export class ScriptRunError extends Error {
  override name = 'ScriptRunError';
  readonly kind: ScriptErrorKind;
  readonly line: number | undefined;
  readonly column: number | undefined;

  constructor(error: ScriptError) {
    const position =
      error.line === undefined
        ? ''
        : ` (line ${error.line}${error.column === undefined ? '' : `, column ${error.column}`})`;
    super(`${error.message}${position}`);
    this.kind = error.kind;
    this.line = error.line;
    this.column = error.column;
  }
}

/**
 * The pipeline's script-runner port over the sandbox: resolves `path#export`, loads the stored
 * script, runs it with the tool's secrets as `env` and the call's `requestId`, and resolves with
 * its value or rejects with a `ScriptRunError`.
 *
 * Limits and egress: `settings(workspaceId)` first, then what the request carries
 * (`request.limits`, `request.egress` win), then `timeoutMs` as the wall-clock limit. Console
 * output and costs go to `request.onReport` (the invocation record) and `options.onRun`.
 */
export function createScriptRunnerPort(
  sandbox: Sandbox,
  options: ScriptRunnerPortOptions,
): ScriptRunnerPort {
  return {
    async run(request) {
      const ref = parseScriptRef(request.script);
      if (!ref) {
        throw new ScriptRunError({
          kind: 'export',
          message: `invalid script reference '${request.script}'`,
        });
      }
      const stored = await options.load(request.workspaceId, ref.path);
      if (!stored)
        throw new ScriptRunError({ kind: 'syntax', message: `script not found: ${ref.path}` });
      const settings = (await options.settings?.(request.workspaceId)) ?? {};
      const egress = request.egress ?? settings.egress;
      const result = await sandbox.run({
        workspaceId: request.workspaceId,
        ...stored,
        filename: stored.filename ?? ref.path,
        exportName: ref.exportName,
        payload: request.payload,
        context: {
          env: request.env,
          workspace: request.workspaceId,
          ...(request.requestId === undefined ? {} : { requestId: request.requestId }),
        },
        limits: {
          ...settings.limits,
          ...definedLimits(request.limits),
          ...(request.timeoutMs === undefined ? {} : { wallMs: request.timeoutMs }),
        },
        ...(egress ? { egress } : {}),
      });
      try {
        request.onReport?.({
          console: result.console,
          consoleTruncated: result.consoleTruncated,
          cpuMs: result.cpuMs,
          wallMs: result.wallMs,
          ...(result.ok ? {} : { errorKind: result.error.kind }),
        });
      } catch {}
      options.onRun?.(request, result);
      if (result.ok) return result.value;
      throw new ScriptRunError(result.error);
    },
  };
}
