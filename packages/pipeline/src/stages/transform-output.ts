import type { CallState } from '../pipeline/call-state';
import type { PipelinePorts } from '../ports/pipeline-ports';
import { toResults } from '../results/to-results';
import { runScript } from './run-script';

const NO_ENV: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Stage 5 — output transform: `mappers.output` gets `{ results, tool }`; its return value,
 * shaped into rows like a handler's, replaces the results. A throw is OUTPUT_TRANSFORM_FAILED.
 */
export async function transformOutput(state: CallState, ports: PipelinePorts): Promise<CallState> {
  const { tool } = state;
  const mapper = tool.mappers.output;
  if (mapper === undefined) return state;
  const value = await runScript(state, ports, {
    role: 'output_mapper',
    script: mapper,
    payload: { results: state.results, tool: tool.name },
    env: NO_ENV,
    stage: 'output_transform',
    code: 'OUTPUT_TRANSFORM_FAILED',
  });
  state.results = toResults(value, 'output_transform', tool.name).results;
  return state;
}
