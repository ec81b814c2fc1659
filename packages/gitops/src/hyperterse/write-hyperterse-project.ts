import { stringify } from 'yaml';
import {
  type ConfigFiles,
  CREDENTIAL_PARAMS,
  type PolicySpec,
  type ScriptSpec,
  SECRET_REFERENCE,
  secretReference,
  type ToolSpec,
  type WorkspaceConfig,
} from '../config/workspace-config';
import type { ImportFinding } from './import-finding';
import { looksReadOnly } from './looks-read-only';
import { quoteLegacyPlaceholders } from './quote-legacy-placeholders';
import { toolNameOfFolder } from './read-hyperterse-project';

const HYPERTERSE_PLUGINS = new Set(['allow_all', 'api_key', 'jwt']);

const yaml = (value: unknown) => stringify(value, { lineWidth: 0, blockQuote: 'literal' });
const envName = (...parts: string[]) =>
  parts
    .join('_')
    .toUpperCase()
    .replace(/[^A-Z0-9_]+/g, '_')
    .replace(/^([0-9])/, '_$1');

/**
 * A workspace as a Hyperterse v2 project: `.hyperterse`, `app/adapters/<connector>.terse`,
 * `app/tools/<tool>/config.terse` with its scripts beside it. Secrets stay `{{ env.X }}`; a
 * literal credential (never exported) becomes a `{{ env.X }}` to set, and legacy bare
 * placeholders are written quoted. Whatever Hyperterse cannot express is listed in `findings`.
 */
export function writeHyperterseProject(
  config: WorkspaceConfig,
  projectName: string,
): { files: ConfigFiles; findings: ImportFinding[] } {
  const findings: ImportFinding[] = [];
  const name = /^[a-z][a-z0-9_-]*$/.test(projectName) ? projectName : `tp-${projectName}`;
  const files: ConfigFiles = {
    '.hyperterse': yaml({
      name,
      root: 'app',
      tools: { directory: 'tools' },
      adapters: { directory: 'adapters' },
    }),
  };
  const connectorType = new Map(config.connectors.map((c) => [c.name, c.type]));
  for (const connector of config.connectors) {
    const file = `app/adapters/${connector.name}.terse`;
    let connection: string;
    if (connector.connection && 'secret' in connector.connection) {
      connection = secretReference(connector.connection.secret);
    } else {
      const secret = envName(connector.name, 'URL');
      connection = secretReference(secret);
      findings.push({
        severity: 'warning',
        code: 'SECRET_NEEDED',
        file,
        field: 'connection_string',
        message: `connector ${connector.name} has a literal URL, which is never exported`,
        fix: `set ${secret} to the URL in Hyperterse's environment`,
      });
    }
    if (connector.options.poolSize !== undefined) {
      findings.push({
        severity: 'warning',
        code: 'NO_EQUIVALENT',
        file,
        field: 'options.poolSize',
        message: `connector ${connector.name}: poolSize has no Hyperterse equivalent`,
      });
    }
    files[file] = yaml({
      name: connector.name,
      connector: connector.type,
      connection_string: connection,
    });
  }
  const policies = new Map(config.policies.map((p) => [p.name, p]));
  for (const tool of config.tools) {
    const dir = `app/tools/${tool.name}`;
    const file = `${dir}/config.terse`;
    const note = (field: string, message: string) =>
      findings.push({
        severity: 'warning',
        code: 'NO_EQUIVALENT',
        file,
        tool: tool.name,
        field,
        message,
      });
    const value: Record<string, unknown> = {};
    if (toolNameOfFolder(tool.name) !== tool.name) value.name = tool.name;
    if (tool.description) value.description = tool.description;
    if (tool.kind === 'statement') {
      value.use = tool.connector;
      let statement = tool.statement ?? '';
      const type = connectorType.get(tool.connector ?? '');
      if (tool.legacyPlaceholders && (type === 'postgres' || type === 'mysql')) {
        const quoted = quoteLegacyPlaceholders(statement, type, tool.inputs);
        if (quoted === null) {
          findings.push({
            severity: 'error',
            code: 'STATEMENT_REFUSED',
            file,
            tool: tool.name,
            field: 'statement',
            message:
              'the legacy statement could not be rewritten with quoted placeholders; it is exported as is',
            fix: "quote each string placeholder ('{{ inputs.x }}')",
          });
        } else statement = quoted;
      }
      value.statement = statement;
      if (type !== undefined && tool.readOnly !== looksReadOnly(type, statement)) {
        note('readOnly', `readOnly: ${tool.readOnly} has no Hyperterse equivalent`);
      }
    } else if (tool.handler) {
      files[`${dir}/handler.ts`] = tool.handler.source;
      value.handler = scriptRef('handler.ts', tool.handler);
    }
    if (tool.inputs.length > 0) {
      const inputs: Record<string, unknown> = {};
      for (const { name: inputName, ...declaration } of tool.inputs)
        inputs[inputName] = declaration;
      value.inputs = inputs;
    }
    const mappers: Record<string, string> = {};
    if (tool.mappers.input) {
      files[`${dir}/input.ts`] = tool.mappers.input.source;
      mappers.input = scriptRef('input.ts', tool.mappers.input);
    }
    if (tool.mappers.output) {
      files[`${dir}/output.ts`] = tool.mappers.output.source;
      mappers.output = scriptRef('output.ts', tool.mappers.output);
    }
    if (Object.keys(mappers).length > 0) value.mappers = mappers;
    if (tool.auth !== null) {
      const policy = policies.get(tool.auth);
      if (policy) value.auth = authBlock(policy, tool, file, findings);
    }
    if (tool.cache.enabled) {
      value.cache = { enabled: true, ...(tool.cache.ttl === null ? {} : { ttl: tool.cache.ttl }) };
    }
    if (tool.title !== null) note('title', 'title has no Hyperterse equivalent');
    if (tool.rowLimit !== null) note('rowLimit', 'rowLimit has no Hyperterse equivalent');
    if (tool.timeoutMs !== null)
      note('timeoutMs', 'timeoutMs has no Hyperterse equivalent (Hyperterse has no time limits)');
    if (tool.secrets.length > 0)
      note('secrets', 'Hyperterse scripts get no secrets: the declared secrets are dropped');
    if (Object.keys(tool.annotations).length > 0)
      note('annotations', 'annotations have no Hyperterse equivalent');
    if (!tool.enabled) note('enabled', 'the tool is disabled here, Hyperterse will serve it');
    files[file] = yaml(value);
  }
  return { files, findings };
}

const scriptRef = (file: string, script: ScriptSpec) =>
  script.exportName ? `./${file}#${script.exportName}` : `./${file}`;

/** Hyperterse policies are string maps: lists comma-joined, numbers as text. */
function authBlock(policy: PolicySpec, tool: ToolSpec, file: string, findings: ImportFinding[]) {
  if (!HYPERTERSE_PLUGINS.has(policy.plugin)) {
    findings.push({
      severity: 'error',
      code: 'NO_EQUIVALENT',
      file,
      tool: tool.name,
      field: 'auth.plugin',
      message: `auth plugin ${policy.plugin} has no Hyperterse equivalent; it is written as is, so Hyperterse refuses the tool rather than serve it unprotected`,
      fix: 'replace it with api_key or jwt',
    });
    return { plugin: policy.plugin, policy: {} };
  }
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(policy.params)) {
    if (
      CREDENTIAL_PARAMS.has(key) &&
      !(typeof value === 'string' && SECRET_REFERENCE.test(value))
    ) {
      const secret = envName(policy.name, key);
      params[key] = secretReference(secret);
      findings.push({
        severity: 'warning',
        code: 'SECRET_NEEDED',
        file,
        tool: tool.name,
        field: `auth.policy.${key}`,
        message: `policy ${policy.name} holds a literal ${key}, which is never exported`,
        fix: `set ${secret} in Hyperterse's environment`,
      });
      continue;
    }
    params[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return { plugin: policy.plugin, ...(Object.keys(params).length > 0 ? { policy: params } : {}) };
}
