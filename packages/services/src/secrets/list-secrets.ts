import {
  listConnectors,
  listSecrets as listSecretRows,
  listTools,
  type Secret,
} from '@toolplane/db';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';

export interface SecretWithReferences extends Secret {
  /** Where `{{ env.NAME }}` or a declaration uses it. */
  usedBy: { kind: 'tool' | 'connector'; id: string; name: string }[];
}

const ENV_PLACEHOLDER = /\{\{\s*env\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** Names, versions and where each is referenced; never values. */
export async function listSecrets(ctx: WorkspaceContext): Promise<SecretWithReferences[]> {
  authorize(ctx, 'secret.list');
  const { db } = ctx.deps;
  const [secrets, tools, connectors] = await Promise.all([
    listSecretRows(db, ctx.workspace.id),
    listTools(db, ctx.workspace.id),
    listConnectors(db, ctx.workspace.id),
  ]);
  const usedBy = new Map<string, SecretWithReferences['usedBy']>();
  const add = (name: string, ref: SecretWithReferences['usedBy'][number]) => {
    const list = usedBy.get(name) ?? [];
    if (!list.some((r) => r.id === ref.id)) list.push(ref);
    usedBy.set(name, list);
  };
  for (const tool of tools) {
    const ref = { kind: 'tool' as const, id: tool.id, name: tool.name };
    for (const name of tool.declaredSecrets) add(name, ref);
    for (const match of (tool.statement ?? '').matchAll(ENV_PLACEHOLDER)) add(match[1]!, ref);
  }
  for (const connector of connectors) {
    if (connector.urlSecretRef) {
      add(connector.urlSecretRef, { kind: 'connector', id: connector.id, name: connector.name });
    }
  }
  return secrets.map((secret) => ({ ...secret, usedBy: usedBy.get(secret.name) ?? [] }));
}
