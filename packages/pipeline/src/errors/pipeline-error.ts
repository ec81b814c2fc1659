import type { PipelineStage } from './pipeline-stage';

/** Stable error codes, one family per stage; clients and the invocation log may rely on them. */
export type PipelineErrorCode =
  | 'TOOL_NOT_FOUND'
  | 'AUTH_DENIED'
  | 'AUTH_UNAVAILABLE'
  | 'INPUT_TRANSFORM_FAILED'
  | 'INPUT_INVALID'
  | 'SECRET_MISSING'
  | 'CONNECTOR_FAILED'
  | 'HANDLER_FAILED'
  | 'OUTPUT_TRANSFORM_FAILED'
  | 'SERIALIZATION_FAILED'
  | 'RESULT_TOO_LARGE'
  | 'DEFINITION_INVALID'
  | 'INTERNAL';

export interface PipelineErrorOptions {
  tool?: string;
  /** The original error, for debug logs only: it never reaches callers. */
  cause?: unknown;
}

/**
 * The pipeline's one error type. `message` is already safe to show a caller (no stack, path,
 * connection string or secret value); `mapPipelineError` turns it into the wire form.
 */
export class PipelineError extends Error {
  override readonly name = 'PipelineError';
  readonly code: PipelineErrorCode;
  readonly stage: PipelineStage;
  readonly tool: string | undefined;

  constructor(
    code: PipelineErrorCode,
    stage: PipelineStage,
    message: string,
    options: PipelineErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.stage = stage;
    this.tool = options.tool;
  }
}

export function isPipelineError(value: unknown): value is PipelineError {
  return value instanceof PipelineError;
}
