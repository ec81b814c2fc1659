import { authorize, type WorkspaceContext } from '@toolplane/services';
import { type WrittenConfig, writeConfigFiles } from '../config/write-config-files';
import { readWorkspaceState } from './read-workspace-state';

/**
 * The workspace as a folder in the format `parseConfigFiles` reads: secret names (never values),
 * connectors with their `{{ env.X }}` references, policies, tools with their scripts. Literal
 * credentials are left out and listed in `warnings` (apply keeps the stored ones).
 */
export async function exportWorkspace(ctx: WorkspaceContext): Promise<WrittenConfig> {
  authorize(ctx, 'gitops.export');
  const state = await readWorkspaceState(ctx.deps.db, ctx.workspace.id);
  const written = writeConfigFiles(state.config);
  for (const name of state.inlineAuth) {
    written.warnings.push(
      `tool ${name}: its inline auth block cannot be written to a folder; move it to a policy`,
    );
  }
  for (const tool of state.config.tools) {
    if (!/^[a-z][a-z0-9_-]*$/.test(tool.name)) {
      written.warnings.push(
        `tool ${tool.name}: its name is not a valid tool name; rename it before applying the folder`,
      );
    }
  }
  return written;
}
