import { authorize, type WorkspaceContext } from '@toolplane/services';
import type { WorkspaceConfig } from '../config/workspace-config';
import { computePlan } from './compute-plan';
import type { WorkspacePlan } from './plan-types';
import { readWorkspaceState } from './read-workspace-state';

/** What `applyWorkspace` would do with `config`, without writing anything. */
export async function planWorkspace(
  ctx: WorkspaceContext,
  config: WorkspaceConfig,
  options: { prune?: boolean } = {},
): Promise<WorkspacePlan> {
  authorize(ctx, 'gitops.plan');
  const state = await readWorkspaceState(ctx.deps.db, ctx.workspace.id);
  return computePlan(state.config, config, {
    prune: options.prune ?? false,
    inlineAuth: state.inlineAuth,
  });
}
