import type { CompiledAuth } from '../auth/compiled-auth';
import type { ToolDefinition } from '../definition/tool-definition-schema';
import type { ToolInputSchema } from '../inputs/build-input-schema';
import type { InputSpecs } from '../inputs/input-spec';
import type { CompiledRedis } from '../redis/compile-redis';
import type { CompiledSql } from '../sql/compile-sql';

export type ConnectorType = 'postgres' | 'mysql' | 'redis';
export const CONNECTOR_TYPES: readonly ConnectorType[] = ['postgres', 'mysql', 'redis'];

interface CompiledToolBase {
  readonly name: string;
  readonly description: string;
  /** Definition version from the store; part of the cache key. */
  readonly version: string | number;
  readonly inputs: InputSpecs;
  readonly inputSchema: ToolInputSchema;
  readonly mappers: { readonly input: string | undefined; readonly output: string | undefined };
  readonly auth: CompiledAuth | undefined;
  readonly cache: {
    readonly enabled: boolean | undefined;
    readonly ttlSeconds: number | undefined;
  };
  readonly readOnly: boolean;
  readonly rowLimit: number | undefined;
  readonly timeoutMs: number | undefined;
  /** Declared secrets: handed to the handler. */
  readonly declaredSecrets: readonly string[];
  /** Every secret the tool reads (statement, auth policy, declared), for warnings and scrubbing. */
  readonly secrets: readonly string[];
  readonly annotations: ToolDefinition['annotations'];
  readonly definition: ToolDefinition;
}

export interface CompiledStatementTool extends CompiledToolBase {
  readonly kind: 'statement';
  readonly connector: { readonly name: string; readonly type: ConnectorType };
  readonly statement: CompiledSql | CompiledRedis;
  /** Secrets the statement binds (`{{ env.X }}`), resolved per call. */
  readonly statementSecrets: readonly string[];
}

export interface CompiledScriptTool extends CompiledToolBase {
  readonly kind: 'script';
  readonly handler: string;
}

/** A tool ready to run: every placeholder resolved to a parameter spec, every check done. */
export type CompiledTool = CompiledStatementTool | CompiledScriptTool;
