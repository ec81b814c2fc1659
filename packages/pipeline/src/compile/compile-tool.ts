import { compileAuth } from '../auth/compile-auth';
import type { CompiledAuth } from '../auth/compiled-auth';
import { type ToolDefinition, ToolDefinitionSchema } from '../definition/tool-definition-schema';
import { buildInputSchema } from '../inputs/build-input-schema';
import { checkInputValue } from '../inputs/check-input-value';
import { type InputSpec, toInputSpecs } from '../inputs/input-spec';
import { compileStatement } from './compile-statement';
import { CONNECTOR_TYPES, type CompiledTool, type ConnectorType } from './compiled-tool';
import type { Diagnostic } from './diagnostic';

export interface CompileToolOptions {
  /** Definition version from the store (goes into cache keys). Default 0. */
  version?: string | number;
  /** The type of a workspace connector by name; undefined when there is no such connector. */
  connectorType?: (name: string) => string | undefined;
  /** Names of the workspace's secrets: a missing one is a warning at save (an error at call). */
  knownSecrets?: Iterable<string>;
}

export type CompileToolResult =
  | { ok: true; tool: CompiledTool; diagnostics: Diagnostic[] }
  | { ok: false; tool: undefined; diagnostics: Diagnostic[] };

function error(code: Diagnostic['code'], path: Diagnostic['path'], message: string): Diagnostic {
  return { severity: 'error', code, message, path };
}

function schemaDiagnostics(definition: unknown): Diagnostic[] {
  const record = (definition ?? {}) as Record<string, unknown>;
  if (
    typeof definition === 'object' &&
    record.handler !== undefined &&
    (record.statement !== undefined || record.connector !== undefined)
  ) {
    return [
      error(
        'DEFINITION_INVALID',
        [],
        'a tool is either a statement tool (connector + statement) or a script tool (handler), never both',
      ),
    ];
  }
  const parsed = ToolDefinitionSchema.safeParse(definition);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) =>
    error(
      'DEFINITION_INVALID',
      issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
      issue.message,
    ),
  );
}

/**
 * Validates and compiles a tool definition: the schema, input defaults, the auth block, and
 * the statement (tokenized once for its connector's dialect). Reports every problem with a
 * path and, for statements, a line and column; errors make `ok` false, warnings (unused input,
 * unknown secret) do not. Pure: the dashboard runs it as the user types, the runtime on load.
 */
export function compileTool(
  definition: unknown,
  options: CompileToolOptions = {},
): CompileToolResult {
  const diagnostics = schemaDiagnostics(definition);
  if (diagnostics.length > 0) return { ok: false, tool: undefined, diagnostics };
  const def: ToolDefinition = ToolDefinitionSchema.parse(definition);

  const specs: InputSpec[] = Object.entries(def.inputs).map(([name, declaration]) => ({
    name,
    type: declaration.type,
    description: declaration.description,
    optional: declaration.optional ?? false,
    default: declaration.default,
  }));
  for (const spec of specs) {
    if (spec.default === undefined) continue;
    const check = checkInputValue(spec.type, spec.default);
    if (!check.ok) {
      diagnostics.push(
        error('DEFINITION_INVALID', ['inputs', spec.name, 'default'], check.problem),
      );
    }
  }
  const inputs = toInputSpecs(specs);

  let auth: CompiledAuth | undefined;
  const secrets = new Set(def.secrets);
  if (def.auth !== undefined) {
    const compiled = compileAuth(def.auth);
    if (compiled.ok) {
      auth = compiled.auth;
      for (const name of compiled.secrets) secrets.add(name);
    } else {
      for (const problem of compiled.problems) {
        diagnostics.push(error(problem.code, problem.path, problem.message));
      }
    }
  }

  let statement: Extract<CompiledTool, { kind: 'statement' }>['statement'] | undefined;
  let connectorType: ConnectorType | undefined;
  const statementSecrets = new Set<string>();
  if (def.kind === 'statement') {
    const type = options.connectorType?.(def.connector);
    if (type === undefined) {
      diagnostics.push(
        error(
          'CONNECTOR_UNSUPPORTED',
          ['connector'],
          `connector '${def.connector}' does not exist`,
        ),
      );
    } else if (!(CONNECTOR_TYPES as readonly string[]).includes(type)) {
      diagnostics.push(
        error(
          'CONNECTOR_UNSUPPORTED',
          ['connector'],
          `connector '${def.connector}' is ${type}: tools support ${CONNECTOR_TYPES.join(', ')}`,
        ),
      );
    } else {
      connectorType = type as ConnectorType;
      const result = compileStatement(def.statement, {
        connectorType,
        inputs: inputs.byName,
        legacyPlaceholders: def.legacyPlaceholders,
      });
      diagnostics.push(...result.diagnostics);
      statement = result.compiled;
      const used = new Set<string>();
      for (const ref of result.refs) {
        if (ref.scope === 'inputs') used.add(ref.name);
        else statementSecrets.add(ref.name);
      }
      for (const name of statementSecrets) secrets.add(name);
      if (result.compiled !== undefined) {
        for (const spec of specs) {
          if (!used.has(spec.name)) {
            diagnostics.push({
              severity: 'warning',
              code: 'INPUT_UNUSED',
              message: `input '${spec.name}' is declared but the statement never uses it`,
              path: ['inputs', spec.name],
            });
          }
        }
      }
    }
  }

  if (options.knownSecrets !== undefined) {
    const known = new Set(options.knownSecrets);
    for (const name of secrets) {
      if (!known.has(name)) {
        diagnostics.push({
          severity: 'warning',
          code: 'SECRET_UNKNOWN',
          message: `secret '${name}' is not set in this workspace: calls will fail until it is`,
          path: ['secrets'],
        });
      }
    }
  }

  if (diagnostics.some((d) => d.severity === 'error')) {
    return { ok: false, tool: undefined, diagnostics };
  }
  const base = {
    name: def.name,
    description: def.description,
    version: options.version ?? 0,
    inputs,
    inputSchema: buildInputSchema(specs),
    mappers: { input: def.mappers.input, output: def.mappers.output },
    auth,
    cache: { enabled: def.cache.enabled, ttlSeconds: def.cache.ttl },
    readOnly: def.readOnly,
    rowLimit: def.rowLimit,
    timeoutMs: def.timeoutMs,
    declaredSecrets: def.secrets,
    secrets: [...secrets],
    annotations: def.annotations,
    definition: def,
  };
  const tool: CompiledTool =
    def.kind === 'statement'
      ? {
          ...base,
          kind: 'statement',
          connector: { name: def.connector, type: connectorType! },
          statement: statement!,
          statementSecrets: [...statementSecrets],
        }
      : { ...base, kind: 'script', handler: def.handler };
  return { ok: true, tool, diagnostics };
}
