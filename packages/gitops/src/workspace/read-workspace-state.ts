import {
  type Db,
  isEncryptedCredential,
  type JsonValue,
  listAuthPolicies,
  listConnectors,
  listSecrets,
  listTools,
  type Tool,
} from '@toolplane/db';
import { canonicalInputs, sortConfig } from '../config/canonical-config';
import type {
  ConnectorSpec,
  PolicyPlugin,
  PolicySpec,
  ScriptSpec,
  ToolSpec,
  WorkspaceConfig,
} from '../config/workspace-config';

export interface RowRef {
  id: string;
  version: number;
}

/** A workspace's definitions as a WorkspaceConfig, with the id and version of each row by name. */
export interface WorkspaceState {
  config: WorkspaceConfig;
  connectors: Map<string, RowRef>;
  policies: Map<string, RowRef>;
  tools: Map<string, RowRef>;
  /**
   * Tools protected by an inline auth block (stored by no Toolplane screen, but allowed by the
   * data layer). A folder cannot express one, so plan refuses to rewrite these tools.
   */
  inlineAuth: Set<string>;
}

export async function readWorkspaceState(db: Db, workspaceId: string): Promise<WorkspaceState> {
  // One after the other: on a transaction client queries run one at a time anyway.
  const connectors = await listConnectors(db, workspaceId);
  const policies = await listAuthPolicies(db, workspaceId);
  const tools = await listTools(db, workspaceId);
  const secrets = await listSecrets(db, workspaceId);
  const connectorName = new Map(connectors.map((c) => [c.id, c.name]));
  const policyName = new Map(policies.map((p) => [p.id, p.name]));
  const config: WorkspaceConfig = {
    secrets: secrets.map((s) => s.name),
    connectors: connectors.map(
      (c): ConnectorSpec => ({
        name: c.name,
        type: c.type,
        description: c.description,
        connection: c.urlSecretRef
          ? { secret: c.urlSecretRef }
          : c.hasUrl
            ? { stored: true }
            : null,
        options: poolSizeOf(c.options),
      }),
    ),
    policies: policies.map(
      (p): PolicySpec => ({
        name: p.name,
        description: p.description,
        plugin: p.plugin as PolicyPlugin,
        params: withoutCiphertexts(p.params),
        script:
          p.plugin === 'script'
            ? {
                source: p.scriptSource ?? '',
                exportName: p.scriptExport === 'default' ? null : p.scriptExport,
              }
            : null,
      }),
    ),
    tools: tools.map((t) => toolSpecOf(t, connectorName, policyName)),
  };
  return {
    config: sortConfig(config),
    connectors: new Map(connectors.map((c) => [c.name, { id: c.id, version: c.version }])),
    policies: new Map(policies.map((p) => [p.name, { id: p.id, version: p.version }])),
    tools: new Map(tools.map((t) => [t.name, { id: t.id, version: t.version }])),
    inlineAuth: new Set(tools.filter((t) => t.authInline !== null).map((t) => t.name)),
  };
}

/**
 * A credential stored encrypted reads as `[redacted]`: a literal to plan, export and the draft
 * check alike (never exported, kept by apply), without handing a ciphertext to any of them.
 */
function withoutCiphertexts(params: unknown): Record<string, JsonValue> {
  return Object.fromEntries(
    Object.entries((params ?? {}) as Record<string, JsonValue>).map(([key, value]) => [
      key,
      isEncryptedCredential(value) ? '[redacted]' : value,
    ]),
  );
}

function poolSizeOf(options: unknown): { poolSize?: number } {
  const poolSize = (options as { poolSize?: unknown } | null)?.poolSize;
  return typeof poolSize === 'number' ? { poolSize } : {};
}

const script = (source: string | null, exportName: string | null): ScriptSpec | null =>
  source?.trim() ? { source, exportName: exportName === 'default' ? null : exportName } : null;

function toolSpecOf(
  tool: Tool,
  connectorName: Map<string, string>,
  policyName: Map<string, string>,
): ToolSpec {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    kind: tool.kind,
    connector: tool.connectorId ? (connectorName.get(tool.connectorId) ?? null) : null,
    statement: tool.kind === 'statement' ? tool.statement : null,
    inputs: canonicalInputs(Array.isArray(tool.inputs) ? tool.inputs : []),
    handler: tool.kind === 'script' ? script(tool.handlerSource, tool.handlerExport) : null,
    mappers: {
      input: script(tool.inputMapperSource, tool.inputMapperExport),
      output: script(tool.outputMapperSource, tool.outputMapperExport),
    },
    auth: tool.authPolicyId ? (policyName.get(tool.authPolicyId) ?? null) : null,
    cache: { enabled: tool.cacheEnabled, ttl: tool.cacheTtlSeconds },
    readOnly: tool.readOnly,
    rowLimit: tool.rowCap,
    timeoutMs: tool.timeoutMs,
    secrets: tool.declaredSecrets,
    annotations: (tool.annotations ?? {}) as Record<string, string | boolean>,
    legacyPlaceholders: tool.legacyPlaceholders,
    enabled: tool.enabled,
  };
}
