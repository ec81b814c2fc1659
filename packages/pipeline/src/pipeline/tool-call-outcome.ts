import type { JsonRpcErrorObject, ToolErrorResult } from '../errors/map-pipeline-error';
import type { PipelineErrorCode } from '../errors/pipeline-error';
import type { PipelineStage } from '../errors/pipeline-stage';
import type { ToolCallSuccessResult } from '../results/serialize-results';
import type { StageTimings } from './stage-runner';

/** What the runtime sends back: a `result` or a JSON-RPC `error` for the call's id. */
export type ToolCallResponse =
  | { readonly kind: 'result'; readonly result: ToolCallSuccessResult | ToolErrorResult }
  | { readonly kind: 'jsonrpc'; readonly error: JsonRpcErrorObject };

/** The response plus what the invocation log records. */
export interface ToolCallOutcome {
  readonly response: ToolCallResponse;
  readonly ok: boolean;
  readonly error:
    | { readonly code: PipelineErrorCode; readonly stage: PipelineStage; readonly message: string }
    | undefined;
  /** Milliseconds per stage that ran (clock port); skipped stages are absent. */
  readonly timings: StageTimings;
  readonly totalMs: number;
  /** undefined when caching was not in play for this call. */
  readonly cacheHit: boolean | undefined;
  readonly rowCount: number | undefined;
  readonly truncated: boolean;
}
