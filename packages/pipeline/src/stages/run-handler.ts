import type { CallState } from '../pipeline/call-state';
import { resolveLimits } from '../pipeline/resolve-limits';
import type { PipelinePorts } from '../ports/pipeline-ports';
import { toResults } from '../results/to-results';
import { runScript } from './run-script';

/**
 * Execution (script tools) — the handler gets `{ inputs, tool }` and the tool's declared
 * secrets; its return value becomes rows by Hyperterse's rule. A throw is HANDLER_FAILED.
 */
export async function runHandler(state: CallState, ports: PipelinePorts): Promise<CallState> {
  const { tool } = state;
  if (tool.kind !== 'script') return state;
  const value = await runScript(state, ports, {
    role: 'handler',
    script: tool.handler,
    payload: { inputs: state.inputs, tool: tool.name },
    env: state.env,
    stage: 'handler',
    code: 'HANDLER_FAILED',
  });
  const shaped = toResults(
    value,
    'handler',
    tool.name,
    resolveLimits(tool, state.request.workspace).maxRows,
  );
  state.results = shaped.results;
  state.truncated = shaped.truncated;
  return state;
}
