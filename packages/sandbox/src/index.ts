export { createSandbox } from './create-sandbox';
export { isEgressAllowed } from './fetch/egress-allow-list';
export {
  DEFAULT_FETCH_LIMITS,
  type FetchLimits,
  type FetchTransport,
  type TransportRequest,
  type TransportResponse,
} from './fetch/fetch-types';
export { nodeHttpTransport } from './fetch/node-http-transport';
export { DEFAULT_LIMITS, DEFAULT_POOL, limitMessage } from './limits';
export type {
  CatastrophicErrorState,
  ConsoleEntry,
  ConsoleLevel,
  NetworkOptions,
  PoolOptions,
  RunRequest,
  RunResult,
  Sandbox,
  SandboxOptions,
  SandboxStats,
  ScriptContext,
  ScriptError,
  ScriptErrorKind,
  ScriptLimits,
} from './sandbox-types';
export {
  createScriptRunnerPort,
  ScriptRunError,
  type ScriptRunnerPortOptions,
  type ScriptWorkspaceSettings,
  type StoredScript,
} from './script-runner-port';
