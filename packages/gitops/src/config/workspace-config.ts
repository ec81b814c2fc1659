import type { JsonValue } from '@toolplane/db';
import type { ToolInputDraft } from '@toolplane/services/tool-draft';

/** A script as stored: its source and the export to call (`null`: the default export). */
export interface ScriptSpec {
  source: string;
  exportName: string | null;
}

/**
 * Where a connector's URL comes from. A folder only ever names a secret (`{{ env.X }}`) or says
 * nothing (keep what is stored); an import may bring a literal URL (stored encrypted); the live
 * workspace may hold a literal it never returns.
 */
export type ConnectionSpec = { secret: string } | { url: string } | { stored: true } | null;

export interface ConnectorSpec {
  name: string;
  type: 'postgres' | 'mysql' | 'redis';
  description: string;
  connection: ConnectionSpec;
  /** Driver options the runtime reads (today: poolSize). */
  options: { poolSize?: number };
}

export type PolicyPlugin = 'allow_all' | 'api_key' | 'jwt' | 'token_scopes' | 'script';

export interface PolicySpec {
  name: string;
  description: string;
  plugin: PolicyPlugin;
  /** Credential parameters (`value`, `secret`) absent from a folder keep their stored value. */
  params: Record<string, JsonValue>;
  /** A `script` policy's script and the export it calls. */
  script: ScriptSpec | null;
}

export interface ToolSpec {
  name: string;
  title: string | null;
  description: string;
  kind: 'statement' | 'script';
  /** Connector name (statement tools). */
  connector: string | null;
  statement: string | null;
  inputs: ToolInputDraft[];
  handler: ScriptSpec | null;
  mappers: { input: ScriptSpec | null; output: ScriptSpec | null };
  /** Auth policy name. */
  auth: string | null;
  cache: { enabled: boolean; ttl: number | null };
  readOnly: boolean;
  rowLimit: number | null;
  timeoutMs: number | null;
  secrets: string[];
  annotations: Record<string, string | boolean>;
  legacyPlaceholders: boolean;
  enabled: boolean;
}

/** A workspace's definitions by name: what a folder declares and what a workspace holds. */
export interface WorkspaceConfig {
  /** Secret names only: values never live in a folder or an export. */
  secrets: string[];
  connectors: ConnectorSpec[];
  policies: PolicySpec[];
  tools: ToolSpec[];
  /** Where each item came from (`tool:users-list` → its file), for problems; never compared. */
  sources?: Record<string, string>;
}

/** Relative path (`/`-separated) → file text: what the CLI reads from a folder and writes back. */
export type ConfigFiles = Record<string, string>;

/** One problem, named by the file and the field inside it. */
export interface ConfigProblem {
  file: string;
  field: string;
  message: string;
  /** 1-based line in the file, when known. */
  line?: number;
}

/** Parameters of the built-in auth plugins whose values are credentials. */
export const CREDENTIAL_PARAMS: ReadonlySet<string> = new Set(['value', 'secret']);

export const SECRET_REFERENCE = /^\{\{\s*env\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/;
export const ENV_PLACEHOLDER = /\{\{\s*env\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export function secretReference(name: string): string {
  return `{{ env.${name} }}`;
}

/** Every secret a spec names: connection references, `{{ env.X }}` in statements and policy params, declared tool secrets. */
export function referencedSecrets(config: Omit<WorkspaceConfig, 'secrets'>): Set<string> {
  const names = new Set<string>();
  const scan = (text: string | null | undefined) => {
    for (const match of (text ?? '').matchAll(ENV_PLACEHOLDER)) names.add(match[1]!);
  };
  for (const connector of config.connectors) {
    if (connector.connection && 'secret' in connector.connection)
      names.add(connector.connection.secret);
  }
  for (const policy of config.policies) {
    for (const value of Object.values(policy.params)) if (typeof value === 'string') scan(value);
  }
  for (const tool of config.tools) {
    scan(tool.statement);
    for (const name of tool.secrets) names.add(name);
  }
  return names;
}
