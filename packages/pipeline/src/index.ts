// Runtime entry point: executing tool calls. Definitions and compilation are re-exported from
// ./compile (also available alone, browser-safe, as `@toolplane/pipeline/compile`).
export type { AuthContext, AuthDeps, AuthPlugin } from './auth/auth-plugin';
export { AUTH_PLUGINS } from './auth/auth-plugins';
export { constantTimeEqual } from './auth/constant-time-equal';
export { createJwksCache, type JwksCacheOptions } from './auth/create-jwks-cache';
export { type CacheKeyParts, computeCacheKey } from './cache/compute-cache-key';
export { DEFAULT_CACHE_TTL_SECONDS, resolveCacheTtl } from './cache/resolve-cache-ttl';
export {
  ASYMMETRIC_ALGORITHMS,
  AUTH_PLUGIN_NAMES,
  type AuthBlock,
  type AuthPluginName,
  buildInputSchema,
  CONNECTOR_TYPES,
  type CompiledAuth,
  type CompiledRedis,
  type CompiledScriptTool,
  type CompiledSql,
  type CompiledStatementTool,
  type CompiledTool,
  type CompileStatementResult,
  type CompileToolOptions,
  type CompileToolResult,
  type ConnectorType,
  compileStatement,
  compileTool,
  type Diagnostic,
  type DiagnosticCode,
  formatDiagnostic,
  HMAC_ALGORITHMS,
  INPUT_TYPES,
  INT_MAX,
  INT_MIN,
  type InputDeclaration,
  type InputSpec,
  type InputSpecs,
  type InputType,
  type InputValue,
  isDatetime,
  type JwtKeySource,
  type McpToolListing,
  type ParamSpec,
  type ScriptToolDefinition,
  type SqlDialect,
  type SqlParamType,
  type StatementToolDefinition,
  type ToolDefinition,
  type ToolDefinitionInput,
  ToolDefinitionSchema,
  type ToolInputSchema,
  toMcpTool,
  type ValueRef,
} from './compile';
export { runsScripts } from './compile/runs-scripts';
export type { ErrorStyle } from './errors/error-style';
export {
  JSON_RPC_METHOD_NOT_FOUND,
  JSON_RPC_SERVER_ERROR,
  type JsonRpcErrorObject,
  type MapErrorContext,
  type MappedPipelineError,
  mapPipelineError,
  type ToolErrorResult,
} from './errors/map-pipeline-error';
export {
  isPipelineError,
  PipelineError,
  type PipelineErrorCode,
  type PipelineErrorOptions,
} from './errors/pipeline-error';
export type { PipelineStage } from './errors/pipeline-stage';
export { sanitizeMessage } from './errors/sanitize-message';
export { checkInputValue, type InputCheck } from './inputs/check-input-value';
export {
  requireArgumentsObject,
  type ValidatedInputs,
  validateInputs,
} from './inputs/validate-inputs';
export { type BindValues, bindParams } from './params/bind-params';
export { executeToolCall } from './pipeline/execute-tool-call';
export type { StageTimings } from './pipeline/stage-runner';
export type { ToolCallOutcome, ToolCallResponse } from './pipeline/tool-call-outcome';
export type {
  CallerToken,
  ToolCallRequest,
  WorkspaceSettings,
} from './pipeline/tool-call-request';
export { type MaybePromise, thenMaybe } from './ports/maybe-promise';
export type {
  CachePort,
  ClockPort,
  ConnectorPort,
  ConnectorRequest,
  ConnectorResult,
  DebugLogPort,
  HashPort,
  JsonWebKeySet,
  JwksPort,
  PipelinePorts,
  RedisConnectorRequest,
  ScriptRole,
  ScriptRunLimits,
  ScriptRunnerPort,
  ScriptRunReport,
  ScriptRunRequest,
  SecretsPort,
  SecretValue,
  SqlConnectorRequest,
  ToolRegistryPort,
} from './ports/pipeline-ports';
export { bindArgs } from './redis/bind-args';
export { serializeResults, type ToolCallSuccessResult } from './results/serialize-results';
export { shapeResults } from './results/shape-results';
export { JsonValueError, toJsonValue } from './results/to-json-value';
export { CALL_SPAN_NAME, SPAN_ATTRIBUTES } from './tracing/span-attributes';
