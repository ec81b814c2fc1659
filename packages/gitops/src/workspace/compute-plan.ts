import { checkToolDraft, type DraftContext } from '@toolplane/services/tool-draft';
import { stableJson } from '../config/canonical-config';
import {
  type ConnectionSpec,
  type ConnectorSpec,
  CREDENTIAL_PARAMS,
  type PolicySpec,
  referencedSecrets,
  SECRET_REFERENCE,
  type ToolSpec,
  type WorkspaceConfig,
} from '../config/workspace-config';
import type { FieldChange, ItemKind, PlanItem, WorkspacePlan } from './plan-types';
import { toolDraftOf } from './tool-draft-of';

/** The file a problem belongs to: where the item was read from, else the exported layout's. */
export function sourceOf(config: WorkspaceConfig, kind: ItemKind, name: string): string {
  const found = config.sources?.[`${kind}:${name}`];
  if (found) return found;
  if (kind === 'tool') return `tools/${name}/tool.yaml`;
  if (kind === 'secret') return 'secrets.yaml';
  return `${kind === 'policy' ? 'policies' : 'connectors'}/${name}.yaml`;
}

const showConnection = (connection: ConnectionSpec) =>
  connection === null
    ? null
    : 'secret' in connection
      ? `{{ env.${connection.secret} }}`
      : 'url' in connection
        ? 'literal URL (new value)'
        : 'literal URL (stored)';

function redactParams(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    out[key] =
      CREDENTIAL_PARAMS.has(key) && !(typeof value === 'string' && SECRET_REFERENCE.test(value))
        ? '[redacted]'
        : value;
  }
  return out;
}

function fieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[],
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (stableJson(before[field]) !== stableJson(after[field])) {
      changes.push({ field, before: before[field] ?? null, after: after[field] ?? null });
    }
  }
  return changes;
}

function connectorView(connector: ConnectorSpec, keepConnection: ConnectionSpec) {
  return {
    type: connector.type,
    description: connector.description,
    // A folder that says nothing about the URL keeps the stored one.
    connection: showConnection(connector.connection ?? keepConnection),
    options: connector.options,
  };
}

/** A folder that leaves a credential out keeps the stored one (same plugin), like the dashboard. */
function withKeptCredentials(policy: PolicySpec, current: PolicySpec | undefined): PolicySpec {
  if (!current || current.plugin !== policy.plugin) return policy;
  const params = { ...policy.params };
  for (const key of CREDENTIAL_PARAMS) {
    if (params[key] === undefined && current.params[key] !== undefined) {
      params[key] = current.params[key]!;
    }
  }
  return { ...policy, params };
}

function policyView(policy: PolicySpec) {
  return {
    description: policy.description,
    plugin: policy.plugin,
    params: redactParams(policy.params),
    script: policy.script,
  };
}

const TOOL_FIELDS = [
  'title',
  'description',
  'kind',
  'connector',
  'statement',
  'inputs',
  'handler',
  'mappers',
  'auth',
  'cache',
  'readOnly',
  'rowLimit',
  'timeoutMs',
  'secrets',
  'annotations',
  'legacyPlaceholders',
  'enabled',
] as const satisfies readonly (keyof ToolSpec)[];

/**
 * Compares a desired config with the workspace's current one, item by item and field by field,
 * and checks that the result would hold together: references resolve, new connectors have a URL,
 * every tool compiles (the dashboard's own check), pruning never deletes a referenced secret.
 * Pure; `planWorkspace` and `applyWorkspace` both run it.
 */
export function computePlan(
  current: WorkspaceConfig,
  desired: WorkspaceConfig,
  options: { prune: boolean; inlineAuth?: ReadonlySet<string> },
): WorkspacePlan {
  const plan: WorkspacePlan = {
    created: [],
    changed: [],
    unchanged: [],
    deleted: [],
    missingSecrets: [],
    problems: [],
  };
  const problem = (kind: ItemKind, name: string, field: string, message: string) =>
    plan.problems.push({ file: sourceOf(desired, kind, name), field, message });

  const compare = <T extends { name: string }>(
    kind: ItemKind,
    have: T[],
    want: T[],
    diff: (current: T, desired: T) => FieldChange[],
  ) => {
    const haveByName = new Map(have.map((item) => [item.name, item]));
    const wanted = new Set(want.map((item) => item.name));
    for (const item of want) {
      const existing = haveByName.get(item.name);
      const ref: PlanItem = { kind, name: item.name };
      if (!existing) plan.created.push(ref);
      else {
        const changes = diff(existing, item);
        if (changes.length > 0) plan.changed.push({ ...ref, changes });
        else plan.unchanged.push(ref);
      }
    }
    if (options.prune) {
      for (const item of have)
        if (!wanted.has(item.name)) plan.deleted.push({ kind, name: item.name });
    }
  };

  // Secrets are names only: apply never creates one (values do not live in a folder).
  const existingSecrets = new Set(current.secrets);
  const declaredSecrets = new Set(desired.secrets);
  for (const name of desired.secrets) {
    if (existingSecrets.has(name)) plan.unchanged.push({ kind: 'secret', name });
  }
  if (options.prune) {
    for (const name of current.secrets) {
      if (!declaredSecrets.has(name)) plan.deleted.push({ kind: 'secret', name });
    }
  }
  const currentPolicies = new Map(current.policies.map((p) => [p.name, p]));
  const desiredPolicies = desired.policies.map((p) =>
    withKeptCredentials(p, currentPolicies.get(p.name)),
  );
  compare('policy', current.policies, desiredPolicies, (have, want) =>
    fieldChanges(policyView(have), policyView(want), ['description', 'plugin', 'params', 'script']),
  );
  compare('connector', current.connectors, desired.connectors, (have, want) =>
    fieldChanges(connectorView(have, null), connectorView(want, have.connection), [
      'type',
      'description',
      'connection',
      'options',
    ]),
  );
  compare('tool', current.tools, desired.tools, (have, want) =>
    fieldChanges(
      have as unknown as Record<string, unknown>,
      want as unknown as Record<string, unknown>,
      TOOL_FIELDS,
    ),
  );

  // What the workspace holds afterwards.
  const deleted = (kind: ItemKind) =>
    new Set(plan.deleted.filter((d) => d.kind === kind).map((d) => d.name));
  const remaining = <T extends { name: string }>(kind: ItemKind, have: T[], want: T[]) => {
    const gone = deleted(kind);
    const byName = new Map(have.filter((item) => !gone.has(item.name)).map((i) => [i.name, i]));
    for (const item of want) byName.set(item.name, item);
    return byName;
  };
  const connectors = remaining('connector', current.connectors, desired.connectors);
  const policies = remaining('policy', current.policies, desiredPolicies);
  const tools = remaining('tool', current.tools, desired.tools);
  const prunedSecrets = deleted('secret');

  const existingConnectors = new Set(current.connectors.map((c) => c.name));
  for (const connector of desired.connectors) {
    if (!existingConnectors.has(connector.name) && connector.connection === null) {
      problem(
        'connector',
        connector.name,
        'connection',
        'a new connector needs connection: "{{ env.NAME }}"',
      );
    }
  }
  const needed = referencedSecrets({
    connectors: [...connectors.values()],
    policies: [...policies.values()],
    tools: [...tools.values()],
  });
  for (const name of [...needed, ...declaredSecrets].sort()) {
    if (prunedSecrets.has(name)) {
      plan.problems.push({
        file: 'secrets.yaml',
        field: 'secrets',
        message: `secret ${name} is still referenced: declare it, or prune would delete it`,
      });
    } else if (!existingSecrets.has(name) && !plan.missingSecrets.includes(name)) {
      plan.missingSecrets.push(name);
    }
  }

  const context: DraftContext = {
    connectors: [...connectors.values()].map((c) => ({ id: c.name, name: c.name, type: c.type })),
    policies: [...policies.values()].map((p) => ({
      id: p.name,
      name: p.name,
      plugin: p.plugin,
      params: p.params,
    })),
    secretNames: [...existingSecrets],
  };
  for (const tool of desired.tools) {
    if (tool.connector !== null && !connectors.has(tool.connector)) {
      problem(
        'tool',
        tool.name,
        'connector',
        `connector ${tool.connector} is not in the workspace or the folder`,
      );
      continue;
    }
    if (tool.auth !== null && !policies.has(tool.auth)) {
      problem(
        'tool',
        tool.name,
        'auth',
        `policy ${tool.auth} is not in the workspace or the folder`,
      );
      continue;
    }
    const draft = toolDraftOf(
      tool,
      (name) => name,
      (name) => name,
    );
    for (const d of checkToolDraft(draft, context)) {
      if (d.severity !== 'error') continue;
      const position = d.line === undefined ? '' : ` (line ${d.line}, column ${d.column ?? 1})`;
      problem('tool', tool.name, fieldNameOf(d.field), `${d.message}${position}`);
    }
  }
  for (const item of plan.changed) {
    if (item.kind === 'tool' && options.inlineAuth?.has(item.name)) {
      problem(
        'tool',
        item.name,
        'auth',
        'the tool has an inline auth block a folder cannot express: saving it would drop that protection; move it to a policy first',
      );
    }
  }
  // Tools left behind must still find their connector and policy.
  for (const kind of ['connector', 'policy'] as const) {
    for (const name of deleted(kind)) {
      for (const tool of tools.values()) {
        if ((kind === 'connector' ? tool.connector : tool.auth) === name) {
          problem(kind, name, 'name', `tool ${tool.name} still uses it: prune would fail`);
        }
      }
    }
  }
  return plan;
}

/** The dashboard draft's field names, as the folder's YAML names them. */
function fieldNameOf(draftField: string): string {
  const names: Record<string, string> = {
    connectorId: 'connector',
    authPolicyId: 'auth',
    handlerSource: 'handler',
    inputMapperSource: 'mappers.input',
    outputMapperSource: 'mappers.output',
    rowCap: 'rowLimit',
    declaredSecrets: 'secrets',
    cacheTtlSeconds: 'cache.ttl',
  };
  return names[draftField] ?? draftField;
}
