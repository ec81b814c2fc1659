import { resolveCacheTtl } from '../cache/resolve-cache-ttl';
import type { CompiledTool } from '../compile/compiled-tool';
import { mapPipelineError } from '../errors/map-pipeline-error';
import { PipelineError } from '../errors/pipeline-error';
import type { PipelinePorts } from '../ports/pipeline-ports';
import { authenticate } from '../stages/authenticate';
import { checkCache } from '../stages/check-cache';
import { executeConnector } from '../stages/execute-connector';
import { resolveTool } from '../stages/resolve-tool';
import { runHandler } from '../stages/run-handler';
import { serializeResponse } from '../stages/serialize-response';
import { storeCache } from '../stages/store-cache';
import { substituteEnv } from '../stages/substitute-env';
import { substituteInputs } from '../stages/substitute-inputs';
import { transformInput } from '../stages/transform-input';
import { transformOutput } from '../stages/transform-output';
import { validateCallInputs } from '../stages/validate-call-inputs';
import { startCallTracing } from '../tracing/call-tracing';
import { type CallState, createCallState } from './call-state';
import { StageRunner } from './stage-runner';
import type { ToolCallOutcome } from './tool-call-outcome';
import type { ToolCallRequest } from './tool-call-request';

// Stages that may await are awaited only when they returned a promise: a statement call's
// stages mostly finish synchronously, and each needless await is a promise and a microtask turn.
async function runStages(state: CallState, ports: PipelinePorts, run: StageRunner): Promise<void> {
  const { tool } = state;
  if (tool.auth !== undefined) await run.run('auth', () => authenticate(state, ports));
  const step = run.run('input_transform', () => transformInput(state, ports));
  if (step instanceof Promise) await step;
  run.sync('input_validation', () => validateCallInputs(state));
  if (tool.kind === 'statement') {
    if (tool.statementSecrets.length > 0) {
      await run.run('env_substitution', () => substituteEnv(state, ports));
    }
    run.sync('input_substitution', () => substituteInputs(state));
    const caching =
      ports.cache !== undefined && resolveCacheTtl(tool, state.request.workspace) !== undefined;
    if (caching) await run.run('cache_check', () => checkCache(state, ports));
    if (!state.cacheHit) await run.run('connector', () => executeConnector(state, ports));
    if (caching && state.cacheHit === false)
      run.sync('cache_store', () => storeCache(state, ports));
  } else {
    if (tool.declaredSecrets.length > 0) {
      await run.run('env_substitution', () => substituteEnv(state, ports));
    }
    await run.run('handler', () => runHandler(state, ports));
  }
  if (tool.mappers.output !== undefined) {
    await run.run('output_transform', () => transformOutput(state, ports));
  }
  run.sync('serialization', () => serializeResponse(state));
}

/**
 * Runs one `tools/call` through the spec's stages, in order — resolve → auth → input transform
 * → input validation → env substitution → input substitution → cache check → connector → cache
 * store (or the handler) → output transform → serialization — and never throws: every failure
 * becomes the spec's JSON-RPC error (or an `isError` result in the workspace's `result` error
 * style) through mapPipelineError. Side effects happen only through `ports`.
 */
export async function executeToolCall(
  request: ToolCallRequest,
  ports: PipelinePorts,
): Promise<ToolCallOutcome> {
  const { clock } = ports;
  const started = clock.now();
  const tracing =
    ports.tracer === undefined
      ? undefined
      : startCallTracing(
          ports.tracer,
          request.workspace.id,
          request.toolName,
          request.traceContext,
        );
  const run = new StageRunner(clock, tracing);
  let tool: CompiledTool | undefined;
  let state: CallState | undefined;
  try {
    const resolved = run.run('resolve', () => resolveTool(request, ports));
    tool = resolved instanceof Promise ? await resolved : resolved;
    state = createCallState(request, tool);
    await runStages(state, ports, run);
    const totalMs = clock.now() - started;
    tracing?.endCall({
      outcome: 'ok',
      durationMs: totalMs,
      cacheHit: state.cacheHit,
      connectorType: tool.kind === 'statement' ? tool.connector.type : undefined,
      errorCode: undefined,
    });
    return {
      response: { kind: 'result', result: state.response! },
      ok: true,
      error: undefined,
      timings: run.timings,
      totalMs,
      cacheHit: state.cacheHit,
      rowCount: state.results.length,
      truncated: state.truncated,
    };
  } catch (thrown) {
    if (!(thrown instanceof PipelineError)) {
      ports.log?.debug('pipeline bug', {
        stage: run.failedStage,
        tool: request.toolName,
        error: thrown,
      });
    } else if (thrown.cause !== undefined) {
      ports.log?.debug('stage failed', {
        stage: thrown.stage,
        code: thrown.code,
        tool: request.toolName,
        error: thrown.cause,
      });
    }
    const mapped = mapPipelineError(thrown, {
      tool: request.toolName,
      requestId: request.requestId,
      errorStyle: request.workspace.errorStyle ?? 'jsonrpc',
      stage: run.failedStage,
    });
    const wire =
      mapped.kind === 'jsonrpc' ? mapped.error.data : mapped.result.structuredContent.error;
    const message =
      mapped.kind === 'jsonrpc'
        ? mapped.error.message
        : mapped.result.structuredContent.error.message;
    const totalMs = clock.now() - started;
    tracing?.endCall({
      outcome: 'error',
      durationMs: totalMs,
      cacheHit: state?.cacheHit,
      connectorType: tool?.kind === 'statement' ? tool.connector.type : undefined,
      errorCode: wire.code,
    });
    return {
      response:
        mapped.kind === 'jsonrpc'
          ? { kind: 'jsonrpc', error: mapped.error }
          : { kind: 'result', result: mapped.result },
      ok: false,
      error: { code: wire.code, stage: wire.stage, message },
      timings: run.timings,
      totalMs,
      cacheHit: state?.cacheHit,
      rowCount: undefined,
      truncated: false,
    };
  }
}
