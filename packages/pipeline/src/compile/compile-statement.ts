import type { InputSpec } from '../inputs/input-spec';
import { type CompiledRedis, compileRedis } from '../redis/compile-redis';
import { type CompiledSql, compileSql } from '../sql/compile-sql';
import type { ValueRef } from '../template/value-ref';
import type { ConnectorType } from './compiled-tool';
import type { Diagnostic } from './diagnostic';

export interface CompileStatementResult {
  compiled: CompiledSql | CompiledRedis | undefined;
  diagnostics: Diagnostic[];
  refs: ValueRef[];
}

/**
 * Compiles one statement for a connector type — what the dashboard's editor runs as the user
 * types. Positions in the diagnostics are within the statement.
 */
export function compileStatement(
  statement: string,
  options: {
    connectorType: ConnectorType;
    inputs: ReadonlyMap<string, InputSpec>;
    legacyPlaceholders?: boolean;
  },
): CompileStatementResult {
  if (options.connectorType === 'redis') return compileRedis(statement, options);
  return compileSql(statement, {
    dialect: options.connectorType,
    inputs: options.inputs,
    legacyPlaceholders: options.legacyPlaceholders ?? false,
  });
}
