import type { CompiledTool } from '../compile/compiled-tool';
import type { InputValue } from '../inputs/input-type';
import type { ValidatedInputs } from '../inputs/validate-inputs';
import type { ToolCallSuccessResult } from '../results/serialize-results';
import type { ToolCallRequest } from './tool-call-request';

/** What the stages pass along for one call (a fresh object per call, never shared). */
export interface CallState {
  readonly request: ToolCallRequest;
  readonly tool: CompiledTool;
  /** Arguments as sent, then as the input mapper returned them. */
  args: Record<string, unknown>;
  inputs: ValidatedInputs;
  /** Secret values resolved for this call, by name. */
  env: Record<string, string>;
  secretVersions: Record<string, string | number>;
  /** Every secret value this call read, scrubbed from any message that leaves the pipeline. */
  secretValues: string[];
  params: (InputValue | null)[] | undefined;
  argv: string[] | undefined;
  cacheKey: string | undefined;
  cacheHit: boolean | undefined;
  results: Record<string, unknown>[];
  truncated: boolean;
  response: ToolCallSuccessResult | undefined;
}

export function createCallState(request: ToolCallRequest, tool: CompiledTool): CallState {
  return {
    request,
    tool,
    args: {},
    inputs: {},
    env: {},
    secretVersions: {},
    secretValues: [],
    params: undefined,
    argv: undefined,
    cacheKey: undefined,
    cacheHit: undefined,
    results: [],
    truncated: false,
    response: undefined,
  };
}
