import { PipelineError } from '../errors/pipeline-error';
import type { CallState } from '../pipeline/call-state';
import { serializeResults } from '../results/serialize-results';

/** Stage 6 — response serialization into the MCP result. */
export function serializeResponse(state: CallState): CallState {
  try {
    state.response = serializeResults(state.results, state.truncated);
  } catch (error) {
    throw new PipelineError(
      'SERIALIZATION_FAILED',
      'serialization',
      'the result could not be encoded as JSON',
      {
        tool: state.tool.name,
        cause: error,
      },
    );
  }
  return state;
}
