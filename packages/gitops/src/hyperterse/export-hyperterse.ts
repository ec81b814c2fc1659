import { authorize, type WorkspaceContext } from '@toolplane/services';
import type { ConfigFiles } from '../config/workspace-config';
import { readWorkspaceState } from '../workspace/read-workspace-state';
import type { ImportFinding } from './import-finding';
import { writeHyperterseProject } from './write-hyperterse-project';

/** The workspace as a Hyperterse v2 project, and what Hyperterse cannot express. */
export async function exportHyperterse(
  ctx: WorkspaceContext,
): Promise<{ files: ConfigFiles; findings: ImportFinding[] }> {
  authorize(ctx, 'hyperterse.export');
  const state = await readWorkspaceState(ctx.deps.db, ctx.workspace.id);
  // A tool protected by an inline auth block is left out rather than exported unprotected.
  const tools = state.config.tools.filter((t) => !state.inlineAuth.has(t.name));
  const written = writeHyperterseProject({ ...state.config, tools }, ctx.workspace.slug);
  for (const name of state.inlineAuth) {
    written.findings.push({
      severity: 'error',
      code: 'NO_EQUIVALENT',
      file: `app/tools/${name}/config.terse`,
      tool: name,
      field: 'auth',
      message: `tool ${name} uses an inline auth block, which is not exported: it is left out rather than served unprotected`,
      fix: 'move its auth to a policy, then export again',
    });
  }
  return written;
}
