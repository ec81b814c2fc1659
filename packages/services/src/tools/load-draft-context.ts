import { listAuthPolicies, listConnectors, listSecrets } from '@toolplane/db';
import type { WorkspaceContext } from '../authorization/workspace-context';
import type { DraftContext } from './tool-draft';

/** Connectors, policies and secret names: what the editor and the save check resolve against. */
export async function loadDraftContext(ctx: WorkspaceContext): Promise<DraftContext> {
  const { db } = ctx.deps;
  const [connectors, policies, secrets] = await Promise.all([
    listConnectors(db, ctx.workspace.id),
    listAuthPolicies(db, ctx.workspace.id),
    listSecrets(db, ctx.workspace.id),
  ]);
  return {
    connectors: connectors.map((c) => ({ id: c.id, name: c.name, type: c.type })),
    policies: policies.map((p) => ({ id: p.id, name: p.name, plugin: p.plugin, params: p.params })),
    secretNames: secrets.map((s) => s.name),
  };
}
