import { PipelineError } from '../errors/pipeline-error';
import { describeValue } from '../inputs/describe-value';
import { requireArgumentsObject } from '../inputs/validate-inputs';
import type { CallState } from '../pipeline/call-state';
import type { PipelinePorts } from '../ports/pipeline-ports';
import { runScript } from './run-script';

const NO_ENV: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Stage 3 — input transform: arguments must be a JSON object; `mappers.input` (when set) gets
 * `{ inputs, tool }` and its return value, which must be an object too, replaces them.
 */
export function transformInput(
  state: CallState,
  ports: PipelinePorts,
): CallState | Promise<CallState> {
  const { tool } = state;
  state.args = requireArgumentsObject(state.request.arguments, tool.name);
  const mapper = tool.mappers.input;
  if (mapper === undefined) return state;
  return applyInputMapper(state, ports, mapper);
}

async function applyInputMapper(
  state: CallState,
  ports: PipelinePorts,
  mapper: NonNullable<CallState['tool']['mappers']['input']>,
): Promise<CallState> {
  const { tool } = state;
  const mapped = await runScript(state, ports, {
    role: 'input_mapper',
    script: mapper,
    payload: { inputs: state.args, tool: tool.name },
    env: NO_ENV,
    stage: 'input_transform',
    code: 'INPUT_TRANSFORM_FAILED',
  });
  if (mapped === null || typeof mapped !== 'object' || Array.isArray(mapped)) {
    throw new PipelineError(
      'INPUT_TRANSFORM_FAILED',
      'input_transform',
      `the input mapper must return an object, got ${describeValue(mapped)}`,
      { tool: tool.name },
    );
  }
  state.args = mapped as Record<string, unknown>;
  return state;
}
