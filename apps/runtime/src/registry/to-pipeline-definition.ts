import type { AuthPolicy, Tool } from '@toolplane/db';

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

const ANNOTATION_KEYS = ['title', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/**
 * A stored tool row (packages/db's shape: ids, sources, an inputs array) as the pipeline's tool
 * definition (names, script references, an inputs record). `rowCap` and `timeoutMs` fall back to
 * the workspace's defaults here, because the pipeline treats workspace limits as ceilings.
 */
export function toPipelineDefinition(
  tool: Tool,
  context: {
    connectorName: (connectorId: string) => string | undefined;
    authPolicy: (policyId: string) => AuthPolicy | undefined;
    defaults: { rowCap: number; timeoutMs: number; scriptTimeoutMs: number };
  },
): Record<string, unknown> {
  const base: Record<string, unknown> = {
    kind: tool.kind,
    name: tool.name,
    description: tool.description,
    inputs: inputsRecord(tool.inputs),
    mappers: {
      ...(tool.inputMapperSource
        ? { input: scriptRef(SCRIPT_PATH.inputMapper(tool.name), tool.inputMapperExport) }
        : {}),
      ...(tool.outputMapperSource
        ? { output: scriptRef(SCRIPT_PATH.outputMapper(tool.name), tool.outputMapperExport) }
        : {}),
    },
    cache: {
      enabled: tool.cacheEnabled,
      ...(tool.cacheTtlSeconds === null ? {} : { ttl: tool.cacheTtlSeconds }),
    },
    readOnly: tool.readOnly,
    rowLimit: tool.rowCap ?? context.defaults.rowCap,
    timeoutMs:
      tool.timeoutMs ??
      (tool.kind === 'script' ? context.defaults.scriptTimeoutMs : context.defaults.timeoutMs),
    secrets: tool.declaredSecrets,
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
function annotationsOf(tool: Tool): Record<string, unknown> {
  const stored = (tool.annotations ?? {}) as Record<string, unknown>;
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
  tool: Tool,
  policyOf: (id: string) => AuthPolicy | undefined,
): Record<string, unknown> | undefined {
  if (tool.authPolicyId) {
    const policy = policyOf(tool.authPolicyId);
    // A missing policy must deny, never skip authentication: an unknown plugin fails compile.
    if (!policy) return { plugin: 'missing_policy', policy: {} };
    if (policy.plugin === 'script') {
      return {
        plugin: 'script',
        policy: { script: scriptRef(SCRIPT_PATH.authPolicy(policy.id), policy.scriptExport) },
      };
    }
    return { plugin: policy.plugin, policy: (policy.params ?? {}) as Record<string, unknown> };
  }
  if (tool.authInline) {
    const inline = tool.authInline as Record<string, unknown>;
    const plugin = inline.plugin;
    if (plugin === 'script') {
      const exportName = typeof inline.export === 'string' ? inline.export : null;
      return {
        plugin: 'script',
        policy: { script: scriptRef(SCRIPT_PATH.inlineAuth(tool.name), exportName) },
      };
    }
    return { plugin, policy: (inline.params ?? {}) as Record<string, unknown> };
  }
  return undefined;
}
