import type { ToolDraft } from '@toolplane/services/tool-draft';
import type { ToolSpec } from '../config/workspace-config';

/** A tool spec as the dashboard's draft (what createTool/updateTool take), ids looked up by name. */
export function toolDraftOf(
  tool: ToolSpec,
  connectorId: (name: string) => string | undefined,
  policyId: (name: string) => string | undefined,
): ToolDraft {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    kind: tool.kind,
    connectorId: tool.connector === null ? null : (connectorId(tool.connector) ?? null),
    statement: tool.kind === 'statement' ? tool.statement : null,
    inputs: tool.inputs,
    handlerSource: tool.handler?.source ?? null,
    handlerExport: tool.handler?.exportName ?? null,
    inputMapperSource: tool.mappers.input?.source ?? null,
    inputMapperExport: tool.mappers.input?.exportName ?? null,
    outputMapperSource: tool.mappers.output?.source ?? null,
    outputMapperExport: tool.mappers.output?.exportName ?? null,
    authPolicyId: tool.auth === null ? null : (policyId(tool.auth) ?? null),
    authInline: null,
    cacheEnabled: tool.cache.enabled,
    cacheTtlSeconds: tool.cache.ttl,
    readOnly: tool.readOnly,
    rowCap: tool.rowLimit,
    timeoutMs: tool.timeoutMs,
    declaredSecrets: tool.secrets,
    annotations: tool.annotations,
    legacyPlaceholders: tool.legacyPlaceholders,
    enabled: tool.enabled,
  };
}
