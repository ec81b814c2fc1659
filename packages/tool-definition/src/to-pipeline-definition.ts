/**
 * Script references the runtime hands the pipeline (`path#export`); the script runner loads the
 * source stored at `path` from the workspace snapshot. Paths are unique within a workspace.
 */
export const SCRIPT_PATH = {
  handler: (tool: string) => `tools/${tool}/handler`,
  inputMapper: (tool: string) => `tools/${tool}/input_mapper`,
  outputMapper: (tool: string) => `tools/${tool}/output_mapper`,
  authPolicy: (policyId: string) => `auth_policies/${policyId}`,
  inlineAuth: (tool: string) => `tools/${tool}/auth`,
} as const;

export function scriptRef(path: string, exportName: string | null): string {
  return exportName ? `${path}#${exportName}` : path;
}

/**
 * A tool as packages/db stores it (connector and policy by id, sources inline, inputs as an
 * array). Structural, so the dashboard's unsaved draft and a stored row both fit, and this
 * package needs neither Prisma nor React.
 */
export interface StoredToolDefinition {
  kind: 'statement' | 'script';
  name: string;
  title: string | null;
  description: string;
  connectorId: string | null;
  statement: string | null;
  /** `[{ name, type, description?, optional?, default? }]`. */
  inputs: unknown;
  handlerExport: string | null;
  inputMapperSource: string | null;
  inputMapperExport: string | null;
  outputMapperSource: string | null;
  outputMapperExport: string | null;
  authPolicyId: string | null;
  authInline: unknown;
  cacheEnabled: boolean;
  cacheTtlSeconds: number | null;
  readOnly: boolean;
  rowCap: number | null;
  timeoutMs: number | null;
  declaredSecrets: readonly string[];
  annotations: unknown;
  legacyPlaceholders: boolean;
}

/** The parts of a stored auth policy the definition needs. */
export interface StoredAuthPolicy {
  id: string;
  plugin: string;
  params: unknown;
  scriptExport?: string | null;
}

export interface ToPipelineDefinitionContext {
  connectorName: (connectorId: string) => string | undefined;
  authPolicy: (policyId: string) => StoredAuthPolicy | undefined;
  /**
   * The workspace's limits, filled in when the tool leaves `rowCap`/`timeoutMs` unset (the
   * runtime, which executes). Without them the fields stay unset (the editor, which only checks).
   */
  defaults?: { rowCap: number; timeoutMs: number; scriptTimeoutMs: number };
}

const ANNOTATION_KEYS = ['title', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/**
 * A stored tool (packages/db's shape: ids, sources, an inputs array) as the pipeline's tool
 * definition (names, script references, an inputs record) — the one conversion, used by the
 * runtime before it compiles a workspace and by the tool editor as the user types, so both see
 * the same diagnostics. Malformed parts are passed on for `compileTool` to report.
 */
export function toPipelineDefinition(
  tool: StoredToolDefinition,
  context: ToPipelineDefinitionContext,
): Record<string, unknown> {
  const rowLimit = tool.rowCap ?? context.defaults?.rowCap;
  const timeoutMs =
    tool.timeoutMs ??
    (tool.kind === 'script' ? context.defaults?.scriptTimeoutMs : context.defaults?.timeoutMs);
  const base: Record<string, unknown> = {
    kind: tool.kind,
    name: tool.name,
    description: tool.description,
    inputs: inputsRecord(tool.inputs),
    mappers: {
      ...(tool.inputMapperSource?.trim()
        ? { input: scriptRef(SCRIPT_PATH.inputMapper(tool.name), tool.inputMapperExport) }
        : {}),
      ...(tool.outputMapperSource?.trim()
        ? { output: scriptRef(SCRIPT_PATH.outputMapper(tool.name), tool.outputMapperExport) }
        : {}),
    },
    cache: {
      enabled: tool.cacheEnabled,
      ...(tool.cacheTtlSeconds === null ? {} : { ttl: tool.cacheTtlSeconds }),
    },
    readOnly: tool.readOnly,
    ...(rowLimit === undefined ? {} : { rowLimit }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    secrets: [...tool.declaredSecrets],
    annotations: annotationsOf(tool),
    legacyPlaceholders: tool.legacyPlaceholders,
  };
  const auth = authBlock(tool, context.authPolicy);
  if (auth !== undefined) base.auth = auth;
  if (tool.kind === 'statement') {
    base.connector = (tool.connectorId && context.connectorName(tool.connectorId)) ?? '';
    base.statement = tool.statement ?? '';
  } else {
    base.handler = scriptRef(SCRIPT_PATH.handler(tool.name), tool.handlerExport);
  }
  return base;
}

/** `[{ name, type, … }]` → `{ name: { type, … } }`; malformed entries are left for compile. */
function inputsRecord(inputs: unknown): unknown {
  if (!Array.isArray(inputs)) return inputs;
  const record: Record<string, unknown> = {};
  for (const entry of inputs) {
    if (entry === null || typeof entry !== 'object') return inputs;
    const { name, ...declaration } = entry as Record<string, unknown>;
    if (typeof name !== 'string') return inputs;
    record[name] = declaration;
  }
  return record;
}

/**
 * MCP annotations: `readOnlyHint` is the enforced read-only flag of a statement tool (a hint
 * the runtime guarantees); the other hints and the title pass through from the definition.
 */
function annotationsOf(tool: StoredToolDefinition): Record<string, unknown> {
  const stored =
    tool.annotations !== null && typeof tool.annotations === 'object'
      ? (tool.annotations as Record<string, unknown>)
      : {};
  const annotations: Record<string, unknown> = {};
  for (const key of ANNOTATION_KEYS) {
    const value = stored[key];
    if (key === 'title' ? typeof value === 'string' : typeof value === 'boolean') {
      annotations[key] = value;
    }
  }
  if (tool.title && annotations.title === undefined) annotations.title = tool.title;
  if (tool.kind === 'statement') annotations.readOnlyHint = tool.readOnly;
  else if (typeof stored.readOnlyHint === 'boolean') annotations.readOnlyHint = stored.readOnlyHint;
  return annotations;
}

function authBlock(
  tool: StoredToolDefinition,
  policyOf: (id: string) => StoredAuthPolicy | undefined,
): Record<string, unknown> | undefined {
  if (tool.authPolicyId) {
    const policy = policyOf(tool.authPolicyId);
    // A missing policy must deny, never skip authentication: an unknown plugin fails compile.
    if (!policy) return { plugin: 'missing_policy', policy: {} };
    if (policy.plugin === 'script') {
      return {
        plugin: 'script',
        policy: {
          script: scriptRef(SCRIPT_PATH.authPolicy(policy.id), policy.scriptExport ?? null),
        },
      };
    }
    return { plugin: policy.plugin, policy: (policy.params ?? {}) as Record<string, unknown> };
  }
  if (tool.authInline !== null && typeof tool.authInline === 'object') {
    const inline = tool.authInline as Record<string, unknown>;
    if (inline.plugin === 'script') {
      const exportName = typeof inline.export === 'string' ? inline.export : null;
      return {
        plugin: 'script',
        policy: { script: scriptRef(SCRIPT_PATH.inlineAuth(tool.name), exportName) },
      };
    }
    return { plugin: inline.plugin, policy: (inline.params ?? {}) as Record<string, unknown> };
  }
  return undefined;
}
