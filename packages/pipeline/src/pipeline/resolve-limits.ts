import type { CompiledTool } from '../compile/compiled-tool';
import type { WorkspaceSettings } from './tool-call-request';

function lowest(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

/** The tool's row cap and timeout, never above the workspace's ceilings. */
export function resolveLimits(
  tool: CompiledTool,
  workspace: WorkspaceSettings,
): { maxRows: number | undefined; timeoutMs: number | undefined } {
  return {
    maxRows: lowest(tool.rowLimit, workspace.limits?.maxRows),
    timeoutMs: lowest(tool.timeoutMs, workspace.limits?.timeoutMs),
  };
}
