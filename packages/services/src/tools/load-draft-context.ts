import {
  isEncryptedCredential,
  listAuthPolicies,
  listConnectors,
  listSecrets,
} from '@toolplane/db';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { workspaceDb } from '../authorization/workspace-db';
import { SECRET_PARAMS } from '../policies/policy-params';
import type { DraftContext } from './tool-draft';

const ENV_REFERENCE = /\{\{\s*env\.[A-Za-z0-9_]+\s*\}\}/g;

/**
 * A policy credential as the editor may see it: the context goes to the browser, and credentials
 * are write-only. What compile checks survives: the `{{ env.X }}` references it makes (names, not
 * values), or a stand-in for a literal.
 */
function redactCredential(value: unknown): unknown {
  if (isEncryptedCredential(value))
    return value.references?.length
      ? value.references.map((name) => `{{ env.${name} }}`).join('')
      : '[redacted]';
  if (typeof value !== 'string') return '[redacted]';
  const references = value.match(ENV_REFERENCE);
  return references ? references.join('') : '[redacted]';
}

/**
 * Connectors, policies (credentials redacted) and secret names: what the editor and the save
 * check resolve against.
 */
export async function loadDraftContext(ctx: WorkspaceContext): Promise<DraftContext> {
  const db = workspaceDb(ctx);
  const [connectors, policies, secrets] = await Promise.all([
    listConnectors(db, ctx.workspace.id),
    listAuthPolicies(db, ctx.workspace.id),
    listSecrets(db, ctx.workspace.id),
  ]);
  return {
    connectors: connectors.map((c) => ({ id: c.id, name: c.name, type: c.type })),
    policies: policies.map((p) => ({
      id: p.id,
      name: p.name,
      plugin: p.plugin,
      params: Object.fromEntries(
        Object.entries((p.params ?? {}) as Record<string, unknown>).map(([key, value]) => [
          key,
          SECRET_PARAMS.has(key) ? redactCredential(value) : value,
        ]),
      ),
    })),
    secretNames: secrets.map((s) => s.name),
  };
}
