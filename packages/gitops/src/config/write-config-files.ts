import { stringify } from 'yaml';
import { configJsonSchemaText } from './config-json-schema';
import {
  type ConfigFiles,
  type ConnectorSpec,
  CREDENTIAL_PARAMS,
  type PolicySpec,
  type ScriptSpec,
  SECRET_REFERENCE,
  secretReference,
  type ToolSpec,
  type WorkspaceConfig,
} from './workspace-config';

export const SCHEMA_FILE = 'toolplane.schema.json';

export interface WrittenConfig {
  files: ConfigFiles;
  /** What could not be written (literal credentials are never exported). */
  warnings: string[];
}

function yamlFile(depth: number, value: Record<string, unknown>, notes: string[] = []): string {
  const schema = `${'../'.repeat(depth)}${SCHEMA_FILE}`;
  const header = [`# yaml-language-server: $schema=${schema}`, ...notes.map((n) => `# ${n}`)];
  return `${header.join('\n')}\n${stringify(value, { lineWidth: 0, blockQuote: 'literal' })}`;
}

const scriptRef = (file: string, script: ScriptSpec) =>
  script.exportName ? `./${file}#${script.exportName}` : `./${file}`;

/**
 * A WorkspaceConfig as a folder, in the layout `parseConfigFiles` reads back to the same config:
 * `secrets.yaml`, `connectors/<name>.yaml`, `policies/<name>.yaml`, `tools/<name>/tool.yaml` with
 * its scripts beside it, and the JSON Schema the files point editors at.
 */
export function writeConfigFiles(config: WorkspaceConfig): WrittenConfig {
  const files: ConfigFiles = { [SCHEMA_FILE]: configJsonSchemaText() };
  const warnings: string[] = [];
  if (config.secrets.length > 0) {
    files['secrets.yaml'] = yamlFile(0, { kind: 'secrets', secrets: config.secrets });
  }
  for (const connector of config.connectors) {
    const { value, notes } = connectorDocument(connector);
    warnings.push(...notes.map((n) => `connector ${connector.name}: ${n}`));
    files[`connectors/${connector.name}.yaml`] = yamlFile(1, value, notes);
  }
  for (const policy of config.policies) {
    const { value, notes } = policyDocument(policy);
    warnings.push(...notes.map((n) => `policy ${policy.name}: ${n}`));
    if (policy.script !== null) files[`policies/${policy.name}.ts`] = policy.script.source;
    files[`policies/${policy.name}.yaml`] = yamlFile(1, value, notes);
  }
  for (const tool of config.tools) {
    const dir = `tools/${tool.name}`;
    const value = toolDocument(tool);
    if (tool.handler) files[`${dir}/handler.ts`] = tool.handler.source;
    if (tool.mappers.input) files[`${dir}/input-mapper.ts`] = tool.mappers.input.source;
    if (tool.mappers.output) files[`${dir}/output-mapper.ts`] = tool.mappers.output.source;
    files[`${dir}/tool.yaml`] = yamlFile(2, value);
  }
  return { files, warnings };
}

function connectorDocument(connector: ConnectorSpec) {
  const value: Record<string, unknown> = {
    kind: 'connector',
    name: connector.name,
    type: connector.type,
  };
  const notes: string[] = [];
  if (connector.description) value.description = connector.description;
  if (connector.connection && 'secret' in connector.connection) {
    value.connection = secretReference(connector.connection.secret);
  } else if (connector.connection) {
    notes.push(
      'its URL is a literal, never exported: apply keeps it; move it to a secret and write connection: "{{ env.NAME }}"',
    );
  }
  if (connector.options.poolSize !== undefined)
    value.options = { poolSize: connector.options.poolSize };
  return { value, notes };
}

function policyDocument(policy: PolicySpec) {
  const value: Record<string, unknown> = {
    kind: 'policy',
    name: policy.name,
    plugin: policy.plugin,
  };
  const notes: string[] = [];
  if (policy.description) value.description = policy.description;
  const params: Record<string, unknown> = {};
  for (const [key, param] of Object.entries(policy.params)) {
    if (
      CREDENTIAL_PARAMS.has(key) &&
      !(typeof param === 'string' && SECRET_REFERENCE.test(param))
    ) {
      notes.push(
        `params.${key} is a literal credential, never exported: apply keeps it; move it to a secret and write "{{ env.NAME }}"`,
      );
      continue;
    }
    params[key] = param;
  }
  if (Object.keys(params).length > 0) value.params = params;
  if (policy.script !== null) value.script = scriptRef(`${policy.name}.ts`, policy.script);
  return { value, notes };
}

function toolDocument(tool: ToolSpec): Record<string, unknown> {
  const value: Record<string, unknown> = { kind: 'tool', name: tool.name };
  if (tool.title !== null) value.title = tool.title;
  if (tool.description) value.description = tool.description;
  if (tool.kind === 'statement') {
    value.connector = tool.connector;
    value.statement = tool.statement;
  } else if (tool.handler) {
    value.handler = scriptRef('handler.ts', tool.handler);
  }
  if (tool.inputs.length > 0) {
    const inputs: Record<string, unknown> = {};
    for (const { name, ...declaration } of tool.inputs) inputs[name] = declaration;
    value.inputs = inputs;
  }
  const mappers: Record<string, string> = {};
  if (tool.mappers.input) mappers.input = scriptRef('input-mapper.ts', tool.mappers.input);
  if (tool.mappers.output) mappers.output = scriptRef('output-mapper.ts', tool.mappers.output);
  if (Object.keys(mappers).length > 0) value.mappers = mappers;
  if (tool.auth !== null) value.auth = tool.auth;
  if (tool.cache.enabled || tool.cache.ttl !== null) {
    value.cache = {
      enabled: tool.cache.enabled,
      ...(tool.cache.ttl === null ? {} : { ttl: tool.cache.ttl }),
    };
  }
  if (!tool.readOnly) value.readOnly = false;
  if (tool.rowLimit !== null) value.rowLimit = tool.rowLimit;
  if (tool.timeoutMs !== null) value.timeoutMs = tool.timeoutMs;
  if (tool.secrets.length > 0) value.secrets = tool.secrets;
  if (Object.keys(tool.annotations).length > 0) value.annotations = tool.annotations;
  if (tool.legacyPlaceholders) value.legacyPlaceholders = true;
  if (!tool.enabled) value.enabled = false;
  return value;
}
