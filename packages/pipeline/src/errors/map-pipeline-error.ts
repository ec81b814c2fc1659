import type { ErrorStyle } from './error-style';
import { PipelineError, type PipelineErrorCode } from './pipeline-error';
import type { PipelineStage } from './pipeline-stage';

export const JSON_RPC_METHOD_NOT_FOUND = -32601;
export const JSON_RPC_SERVER_ERROR = -32000;

export interface JsonRpcErrorObject {
  code: typeof JSON_RPC_METHOD_NOT_FOUND | typeof JSON_RPC_SERVER_ERROR;
  message: string;
  data: {
    code: PipelineErrorCode;
    stage: PipelineStage;
    tool: string;
    requestId: string | number | null;
  };
}

export interface ToolErrorResult {
  [key: string]: unknown;
  isError: true;
  content: [{ type: 'text'; text: string }];
  structuredContent: { error: { code: PipelineErrorCode; stage: PipelineStage; message: string } };
}

export type MappedPipelineError =
  | { kind: 'jsonrpc'; error: JsonRpcErrorObject }
  | { kind: 'result'; result: ToolErrorResult };

export interface MapErrorContext {
  tool: string;
  requestId: string | number | null;
  errorStyle: ErrorStyle;
  /** Stage to blame when `thrown` is not a PipelineError (a bug): reported as INTERNAL. */
  stage: PipelineStage;
}

/**
 * The one place where pipeline failures become wire errors, following the spec's table: an
 * unknown tool is always JSON-RPC -32601; every other stage failure is -32000, or, when the
 * workspace's error style is `result`, an `isError: true` result carrying the same code, stage
 * and message. Anything that is not a PipelineError is a bug and says only "internal error".
 */
export function mapPipelineError(thrown: unknown, context: MapErrorContext): MappedPipelineError {
  const error =
    thrown instanceof PipelineError
      ? thrown
      : new PipelineError(
          'INTERNAL',
          context.stage,
          `internal error (request ${String(context.requestId)})`,
        );
  const tool = error.tool ?? context.tool;
  if (error.code === 'TOOL_NOT_FOUND' || context.errorStyle === 'jsonrpc') {
    return {
      kind: 'jsonrpc',
      error: {
        code: error.code === 'TOOL_NOT_FOUND' ? JSON_RPC_METHOD_NOT_FOUND : JSON_RPC_SERVER_ERROR,
        message: error.message,
        data: { code: error.code, stage: error.stage, tool, requestId: context.requestId },
      },
    };
  }
  return {
    kind: 'result',
    result: {
      isError: true,
      content: [{ type: 'text', text: error.message }],
      structuredContent: {
        error: { code: error.code, stage: error.stage, message: error.message },
      },
    },
  };
}
