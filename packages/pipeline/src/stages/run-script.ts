import { PipelineError, type PipelineErrorCode } from '../errors/pipeline-error';
import type { PipelineStage } from '../errors/pipeline-stage';
import { sanitizeMessage } from '../errors/sanitize-message';
import type { CallState } from '../pipeline/call-state';
import { resolveLimits } from '../pipeline/resolve-limits';
import type { PipelinePorts, ScriptRole } from '../ports/pipeline-ports';

/** The call's JSON-RPC id as the script sees it (`ctx.requestId`); none for a `null` id. */
export function scriptRequestId(requestId: string | number | null): { requestId?: string } {
  return requestId === null ? {} : { requestId: String(requestId) };
}

/**
 * Runs a tenant script through the script-runner port; a throw becomes `code` at `stage`, with
 * the script's own message (sanitized: no stack, path or secret value).
 */
export async function runScript(
  state: CallState,
  ports: PipelinePorts,
  call: {
    role: ScriptRole;
    script: string;
    payload: unknown;
    env: Readonly<Record<string, string>>;
    stage: PipelineStage;
    code: PipelineErrorCode;
  },
): Promise<unknown> {
  try {
    return await ports.scripts.run({
      workspaceId: state.request.workspace.id,
      tool: state.tool.name,
      role: call.role,
      script: call.script,
      payload: call.payload,
      env: call.env,
      timeoutMs: resolveLimits(state.tool, state.request.workspace).timeoutMs,
      ...scriptRequestId(state.request.requestId),
    });
  } catch (error) {
    throw new PipelineError(call.code, call.stage, sanitizeMessage(error, state.secretValues), {
      tool: state.tool.name,
      cause: error,
    });
  }
}
