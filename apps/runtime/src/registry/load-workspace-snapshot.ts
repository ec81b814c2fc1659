import {
  type AuthPolicy,
  type Db,
  decryptPolicyCredentials,
  getSecretValues,
  getWorkspaceDataKey,
  hasSealedInlineCredentials,
  isEncryptedCredential,
  type Keyring,
  listAuthPolicies,
  listConnectors,
  listTools,
  openInlineAuth,
  policyCredentialAad,
  type Tool,
  type Workspace,
} from '@toolplane/db';
import { compileTool, formatDiagnostic, toMcpTool } from '@toolplane/pipeline';
import {
  SCRIPT_PATH,
  toPipelineDefinition,
} from '@toolplane/tool-definition/to-pipeline-definition';
import type {
  LoadedTool,
  ScriptSource,
  SnapshotConnector,
  ToolListing,
  WorkspaceSnapshot,
} from './workspace-snapshot';

/**
 * Reads a workspace's enabled tools, connectors, auth policies and secrets and compiles every
 * tool once. A tool that does not compile is kept with its problem (calls answer -32000 with it)
 * and left out of `tools/list`.
 */
export async function loadWorkspaceSnapshot(
  db: Db,
  keyring: Keyring,
  workspace: Workspace,
): Promise<WorkspaceSnapshot> {
  const [rows, connectors, secrets] = await Promise.all([
    listTools(db, workspace.id, { enabledOnly: true }),
    listConnectors(db, workspace.id),
    getSecretValues(db, keyring, workspace.id),
  ]);
  const policies = rows.some((row) => row.authPolicyId)
    ? await withCredentials(db, keyring, workspace.id, await listAuthPolicies(db, workspace.id))
    : [];

  const connectorById = new Map(connectors.map((c) => [c.id, c]));
  const connectorByName = new Map<string, SnapshotConnector>();
  for (const c of connectors) {
    const secretVersion = c.urlSecretRef ? (secrets[c.urlSecretRef]?.version ?? 0) : null;
    connectorByName.set(c.name, {
      id: c.id,
      type: c.type,
      poolVersion: secretVersion === null ? `${c.version}` : `${c.version}:s${secretVersion}`,
    });
  }
  const policyById = new Map(policies.map((p) => [p.id, p]));
  const knownSecrets = Object.keys(secrets);
  // Fetched once, and only when some tool's inline auth block holds a sealed credential.
  const dataKey = rows.some((row) => hasSealedInlineCredentials(row.authInline))
    ? await getWorkspaceDataKey(db, keyring, workspace.id)
    : null;

  const tools = new Map<string, LoadedTool>();
  const listing: ToolListing[] = [];
  const scripts = new Map<string, ScriptSource>();
  for (const row of rows) {
    const opened = dataKey ? withInlineCredentials(row, dataKey) : row;
    if (opened === null) {
      tools.set(row.name, { ok: false, row, problem: INLINE_CREDENTIAL_PROBLEM });
      continue;
    }
    // The opened row feeds the compiler only; the snapshot keeps the row as stored (sealed).
    const definition = toPipelineDefinition(opened, {
      connectorName: (id) => connectorById.get(id)?.name,
      authPolicy: (id) => policyById.get(id),
      defaults: {
        rowCap: workspace.defaultRowCap,
        timeoutMs: workspace.statementTimeoutMs,
        scriptTimeoutMs: workspace.scriptWallMs,
      },
    });
    const result = compileTool(definition, {
      version: row.version,
      connectorType: (name) => connectorByName.get(name)?.type,
      knownSecrets,
    });
    if (!result.ok) {
      const problem = result.diagnostics
        .filter((d) => d.severity === 'error')
        .map(formatDiagnostic)
        .join('; ');
      tools.set(row.name, { ok: false, row, problem });
      continue;
    }
    const mcp: ToolListing = toMcpTool(result.tool);
    if (row.title) mcp.title = row.title;
    tools.set(row.name, { ok: true, row, compiled: result.tool, listing: mcp });
    listing.push(mcp);

    const add = (path: string, source: string | null) => {
      if (source) scripts.set(path, { source });
    };
    add(SCRIPT_PATH.handler(row.name), row.handlerSource);
    add(SCRIPT_PATH.inputMapper(row.name), row.inputMapperSource);
    add(SCRIPT_PATH.outputMapper(row.name), row.outputMapperSource);
    const policy = row.authPolicyId ? policyById.get(row.authPolicyId) : undefined;
    if (policy?.plugin === 'script') add(SCRIPT_PATH.authPolicy(policy.id), policy.scriptSource);
    const inline = row.authInline as Record<string, unknown> | null;
    if (inline?.plugin === 'script' && typeof inline.script === 'string') {
      add(SCRIPT_PATH.inlineAuth(row.name), inline.script);
    }
  }
  listing.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  return {
    workspace,
    settings: {
      id: workspace.id,
      errorStyle: workspace.errorStyle,
      cache: { ttlSeconds: workspace.defaultCacheTtlSeconds },
    },
    tools,
    listing,
    connectors: connectorByName,
    secrets,
    scripts,
    loadedAt: Date.now(),
  };
}

const INLINE_CREDENTIAL_PROBLEM =
  'the credential of its inline auth block does not decrypt (it was stored for another tool or workspace, or under a retired key); save the tool again with its credential';

/**
 * The row with its inline auth credentials opened, or null when one does not open (wrong key,
 * or a ciphertext copied from another tool or workspace): that tool is kept with a problem and
 * denies every call, while the rest of the workspace loads. Legacy plaintext passes through.
 */
function withInlineCredentials(row: Tool, dataKey: Uint8Array): Tool | null {
  if (!hasSealedInlineCredentials(row.authInline)) return row;
  try {
    const authInline = openInlineAuth(row.authInline, dataKey, row.workspaceId, row.id);
    return { ...row, authInline: authInline as Tool['authInline'] };
  } catch {
    return null;
  }
}

/**
 * Policies with their encrypted credentials opened, for compiling: the snapshot is the one place
 * a literal credential exists in plaintext, and it never leaves the process. A credential that
 * does not open (wrong key, or a ciphertext copied from another row) is left sealed: the
 * pipeline refuses a non-string credential, so the tools using that policy fail to compile and
 * deny every call rather than the whole workspace failing to load.
 */
async function withCredentials(
  db: Db,
  keyring: Keyring,
  workspaceId: string,
  policies: AuthPolicy[],
): Promise<AuthPolicy[]> {
  const sealed = (p: AuthPolicy) =>
    Object.values((p.params ?? {}) as Record<string, unknown>).some(isEncryptedCredential);
  if (!policies.some(sealed)) return policies;
  const dataKey = await getWorkspaceDataKey(db, keyring, workspaceId);
  return policies.map((policy) => {
    if (!sealed(policy)) return policy;
    try {
      const params = decryptPolicyCredentials(
        policy.params as Record<string, unknown>,
        dataKey,
        (param) => policyCredentialAad(workspaceId, policy.id, param),
      );
      return { ...policy, params: params as AuthPolicy['params'] };
    } catch {
      return policy;
    }
  });
}
