// Browser-safe entry point: what the dashboard runs as the user types. Nothing here touches a
// port, a driver or the network.
export {
  AUTH_POLICY_PARAMS,
  authPolicyHeaders,
  DEFAULT_AUTH_HEADERS,
} from './auth/auth-policy-params';
export { ASYMMETRIC_ALGORITHMS, HMAC_ALGORITHMS } from './auth/compile-auth';
export {
  AUTH_PLUGIN_NAMES,
  type AuthPluginName,
  type CompiledAuth,
  type JwtKeySource,
} from './auth/compiled-auth';
export { type CompileStatementResult, compileStatement } from './compile/compile-statement';
export {
  type CompileToolOptions,
  type CompileToolResult,
  compileTool,
} from './compile/compile-tool';
export {
  CONNECTOR_TYPES,
  type CompiledScriptTool,
  type CompiledStatementTool,
  type CompiledTool,
  type ConnectorType,
} from './compile/compiled-tool';
export { type Diagnostic, type DiagnosticCode, formatDiagnostic } from './compile/diagnostic';
export { type McpToolListing, toMcpTool } from './compile/to-mcp-tool';
export {
  type AuthBlock,
  type InputDeclaration,
  type ScriptToolDefinition,
  type StatementToolDefinition,
  TOOL_NAME,
  type ToolDefinition,
  type ToolDefinitionInput,
  ToolDefinitionSchema,
} from './definition/tool-definition-schema';
export { buildInputSchema, type ToolInputSchema } from './inputs/build-input-schema';
export type { InputSpec, InputSpecs } from './inputs/input-spec';
export {
  INPUT_TYPES,
  INT_MAX,
  INT_MIN,
  type InputType,
  type InputValue,
} from './inputs/input-type';
export { isDatetime } from './inputs/is-datetime';
export type { ParamSpec } from './params/param-spec';
export type { CompiledRedis } from './redis/compile-redis';
export type { CompiledSql, SqlParamType } from './sql/compile-sql';
export type { SqlDialect } from './sql/sql-token';
export type { ValueRef } from './template/value-ref';
