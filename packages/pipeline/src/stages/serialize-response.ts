import { PipelineError } from '../errors/pipeline-error';
import type { CallState } from '../pipeline/call-state';
import { serializeResults } from '../results/serialize-results';

const encoder = new TextEncoder();

/**
 * Stage 6 — response serialization into the MCP result, within the workspace's result-size
 * limit (UTF-8 bytes of the JSON text) when it has one.
 */
export function serializeResponse(state: CallState): CallState {
  const { tool, request } = state;
  try {
    state.response = serializeResults(state.results, state.truncated);
  } catch (error) {
    throw new PipelineError(
      'SERIALIZATION_FAILED',
      'serialization',
      'the result could not be encoded as JSON',
      { tool: tool.name, cause: error },
    );
  }
  const limit = request.workspace.limits?.maxResultBytes;
  if (limit !== undefined) {
    const text = state.response.content[0].text;
    // A UTF-16 length is at most the UTF-8 length, and three times it at most.
    const bytes = text.length * 3 <= limit ? text.length : encoder.encode(text).length;
    if (bytes > limit) {
      throw new PipelineError(
        'RESULT_TOO_LARGE',
        'serialization',
        `the result is ${bytes} bytes, over this workspace's limit of ${limit} bytes: ask for fewer rows`,
        { tool: tool.name },
      );
    }
  }
  return state;
}
