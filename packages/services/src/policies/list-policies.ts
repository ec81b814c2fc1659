import { type AuthPolicy, listAuthPolicies, listTools } from '@toolplane/db';
import { authorize } from '../authorization/authorize';
import type { WorkspaceContext } from '../authorization/workspace-context';
import { SECRET_PARAMS } from './policy-params';

export type PolicySummary = Omit<AuthPolicy, 'params'> & {
  /** Credentials replaced by `true` (set): they are never sent back to a browser. */
  params: Record<string, unknown>;
  usedBy: { id: string; name: string }[];
};

/** The workspace's reusable auth policies and the tools using each. */
export async function listPolicies(ctx: WorkspaceContext): Promise<PolicySummary[]> {
  authorize(ctx, 'policy.list');
  const [policies, tools] = await Promise.all([
    listAuthPolicies(ctx.deps.db, ctx.workspace.id),
    listTools(ctx.deps.db, ctx.workspace.id),
  ]);
  return policies.map((policy) => {
    const params: Record<string, unknown> = {};
    for (const [key, value] of Object.entries((policy.params ?? {}) as Record<string, unknown>))
      params[key] = SECRET_PARAMS.has(key) ? true : value;
    return {
      ...policy,
      params,
      usedBy: tools
        .filter((t) => t.authPolicyId === policy.id)
        .map((t) => ({ id: t.id, name: t.name })),
    };
  });
}
