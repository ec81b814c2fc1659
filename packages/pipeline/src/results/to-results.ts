import { PipelineError } from '../errors/pipeline-error';
import type { PipelineStage } from '../errors/pipeline-stage';
import { shapeResults } from './shape-results';
import { JsonValueError, toJsonValue } from './to-json-value';

/**
 * A connector's rows, a handler's or a mapper's return value → JSON rows (toJsonValue, then
 * Hyperterse's shaping), cut to `maxRows` when given.
 */
export function toResults(
  value: unknown,
  stage: PipelineStage,
  tool: string,
  maxRows?: number,
): { results: Record<string, unknown>[]; truncated: boolean } {
  let json: unknown;
  try {
    json = toJsonValue(value);
  } catch (error) {
    if (error instanceof JsonValueError) {
      throw new PipelineError('SERIALIZATION_FAILED', stage, error.message, { tool });
    }
    throw error;
  }
  const results = shapeResults(json);
  if (maxRows !== undefined && results.length > maxRows) {
    return { results: results.slice(0, maxRows), truncated: true };
  }
  return { results, truncated: false };
}
