import type { JsonValue } from '@toolplane/db';
import { INPUT_TYPES } from '@toolplane/services/tool-draft';
import { canonicalInputs, stableJson } from '../config/canonical-config';
import {
  type ConnectorSpec,
  type PolicySpec,
  SECRET_REFERENCE,
  type ToolSpec,
} from '../config/workspace-config';
import type { ImportFinding } from './import-finding';
import { looksReadOnly } from './looks-read-only';
import type { RawTool } from './read-hyperterse-project';

const MAX_TTL = 30 * 86_400;

export interface ToolContext {
  connectors: Map<string, ConnectorSpec>;
  unsupported: Map<string, string>;
  policies: Map<string, PolicySpec>;
  policyByBlock: Map<string, string>;
  findings: ImportFinding[];
  rootCache: { enabled?: boolean | undefined; ttl?: number | undefined };
}

/**
 * A Hyperterse tool as a tool spec: its adapter, inputs, scripts, auth block (one policy per
 * distinct block, shared through `ctx`) and cache (root settings folded in). Null, with an error
 * finding, when it cannot come across.
 */
export function convertTool(raw: RawTool, name: string, ctx: ToolContext): ToolSpec | null {
  const { fields } = raw;
  const at = { file: raw.file, tool: name };
  const error = (field: string, message: string, code: ImportFinding['code'] = 'TOOL_SKIPPED') => {
    ctx.findings.push({ severity: 'error', code, ...at, field, message });
    return null;
  };
  const inputs = [];
  for (const [inputName, declaration] of Object.entries(fields.inputs ?? {})) {
    if (!(INPUT_TYPES as readonly string[]).includes(declaration.type)) {
      return error(
        `inputs.${inputName}.type`,
        `input type ${declaration.type} is not one of ${INPUT_TYPES.join(', ')}`,
      );
    }
    inputs.push({
      name: inputName,
      ...declaration,
      type: declaration.type as (typeof INPUT_TYPES)[number],
    });
  }
  let kind: ToolSpec['kind'];
  let connector: string | null = null;
  if (fields.use !== undefined) {
    const unsupportedType = ctx.unsupported.get(fields.use);
    if (unsupportedType !== undefined) {
      return error(
        'use',
        `tool ${name} uses adapter ${fields.use} (${unsupportedType}), which Toolplane does not support: not imported`,
      );
    }
    if (!ctx.connectors.has(fields.use))
      return error('use', `adapter ${fields.use} is not defined`);
    if (fields.statement === undefined)
      return error('statement', 'a tool with use needs a statement');
    kind = 'statement';
    connector = fields.use;
  } else if (raw.handler) {
    kind = 'script';
  } else {
    return error(
      'handler',
      'a tool needs use + statement, or a handler (none found by name or convention)',
    );
  }

  let auth: string | null = null;
  if (fields.auth) {
    const plugin = fields.auth.plugin;
    if (!['allow_all', 'api_key', 'jwt'].includes(plugin)) {
      return error(
        'auth.plugin',
        `auth plugin ${plugin} has no Toolplane equivalent: the tool is left out rather than imported unprotected`,
      );
    }
    const params = policyParams(plugin, fields.auth.policy ?? {});
    for (const key of ['value', 'secret']) {
      const value = params[key];
      if (typeof value === 'string' && !SECRET_REFERENCE.test(value)) {
        ctx.findings.push({
          severity: 'warning',
          code: 'LITERAL_CREDENTIAL',
          ...at,
          field: `auth.policy.${key}`,
          message: `the auth policy holds a literal ${key}: it is stored, and never exported`,
          fix: 'move it to a secret and write "{{ env.NAME }}"',
        });
      }
    }
    const block = stableJson({ plugin, params });
    auth = ctx.policyByBlock.get(block) ?? null;
    if (auth === null) {
      auth = `${name.slice(0, 59)}-auth`;
      ctx.policyByBlock.set(block, auth);
      ctx.policies.set(auth, {
        name: auth,
        description: '',
        plugin: plugin as PolicySpec['plugin'],
        params,
        script: null,
      });
    }
  }

  // Root cache settings are folded into each tool: the result is the same, and self-contained.
  let enabled = fields.cache?.enabled ?? ctx.rootCache.enabled ?? false;
  let ttl: number | null = fields.cache?.ttl ?? ctx.rootCache.ttl ?? null;
  if (ttl !== null && ttl <= 0) {
    enabled = false;
    ttl = null;
  } else if (ttl !== null && (ttl > MAX_TTL || !Number.isInteger(ttl))) {
    ctx.findings.push({
      severity: 'warning',
      code: 'NO_EQUIVALENT',
      ...at,
      field: 'cache.ttl',
      message: `cache ttl ${ttl} is outside 1..${MAX_TTL} whole seconds: clamped`,
    });
    ttl = Math.min(MAX_TTL, Math.max(1, Math.round(ttl)));
  }
  if (!enabled) ttl = null;

  const type = connector === null ? null : ctx.connectors.get(connector)!.type;
  const statement = fields.statement ?? null;
  return {
    name,
    title: null,
    description: fields.description ?? '',
    kind,
    connector,
    statement: kind === 'statement' ? statement : null,
    inputs: canonicalInputs(inputs),
    handler:
      kind === 'script' && raw.handler
        ? { source: raw.handler.source, exportName: raw.handler.exportName }
        : null,
    mappers: {
      input: raw.inputMapper
        ? { source: raw.inputMapper.source, exportName: raw.inputMapper.exportName }
        : null,
      output: raw.outputMapper
        ? { source: raw.outputMapper.source, exportName: raw.outputMapper.exportName }
        : null,
    },
    auth,
    cache: { enabled, ttl },
    readOnly: type === null ? true : looksReadOnly(type, statement ?? ''),
    rowLimit: null,
    timeoutMs: null,
    secrets: [],
    annotations: {},
    legacyPlaceholders: raw.legacy && kind === 'statement',
    enabled: true,
  };
}

const LIST_PARAMS = new Set(['audience', 'algorithms', 'required_claims', 'scopes']);

/** Hyperterse policies are string maps; the dashboard's policies want lists and numbers typed. */
function policyParams(
  plugin: string,
  policy: Record<string, string | number | boolean>,
): Record<string, JsonValue> {
  const params: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(policy)) {
    if (plugin === 'jwt' && LIST_PARAMS.has(key) && typeof value === 'string') {
      params[key] = value
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
    } else if (plugin === 'jwt' && key === 'clock_tolerance' && /^\d+$/.test(String(value))) {
      params[key] = Number(value);
    } else params[key] = typeof value === 'string' ? value : String(value);
  }
  return params;
}
