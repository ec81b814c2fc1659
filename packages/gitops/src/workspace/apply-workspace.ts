import { authorize, type WorkspaceContext } from '@toolplane/services';
import type { WorkspaceConfig } from '../config/workspace-config';
import { applyConfig } from './apply-config';
import type { WorkspacePlan } from './plan-types';

/**
 * Makes the workspace match `config` in one transaction, all or nothing: creates and changes what
 * differs (a changed tool gets a new version; an unchanged one does not), and with `prune`
 * deletes what the config does not list. Returns the plan it carried out.
 */
export async function applyWorkspace(
  ctx: WorkspaceContext,
  config: WorkspaceConfig,
  options: { prune?: boolean } = {},
): Promise<WorkspacePlan> {
  authorize(ctx, 'gitops.apply');
  return applyConfig(ctx, config, { prune: options.prune ?? false, action: 'gitops.apply' });
}
