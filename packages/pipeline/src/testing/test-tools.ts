import { compileTool } from '../compile/compile-tool';
import type { CompiledTool } from '../compile/compiled-tool';
import { formatDiagnostic } from '../compile/diagnostic';
import type { ToolCallRequest } from '../pipeline/tool-call-request';

/** Connector names the test helpers know: `pg` (postgres), `my` (mysql), `kv` (redis). */
export const TEST_CONNECTORS: Readonly<Record<string, string>> = {
  pg: 'postgres',
  my: 'mysql',
  kv: 'redis',
};

/** Compiles a definition for a test, throwing with every diagnostic when it does not compile. */
export function compileTestTool(definition: unknown, version: string | number = 1): CompiledTool {
  const result = compileTool(definition, {
    version,
    connectorType: (name) => TEST_CONNECTORS[name],
  });
  if (!result.ok) throw new Error(result.diagnostics.map(formatDiagnostic).join('\n'));
  return result.tool;
}

/** A `tools/call` request with sensible defaults (workspace `ws_test`, token with all tools). */
export function createTestRequest(
  toolName: string,
  args: unknown,
  overrides: Partial<ToolCallRequest> = {},
): ToolCallRequest {
  return {
    requestId: 1,
    workspace: { id: 'ws_test' },
    toolName,
    arguments: args,
    caller: { headers: {}, token: { id: 'tok_test', tools: 'all', scopes: [] } },
    ...overrides,
  };
}
